// Token pasting for the registration macros (DPLAB_ALGORITHM, DPLAB_TRANSFORM, ...).
#pragma once

#define DPLAB_CONCAT_INNER(a, b) a##b
#define DPLAB_CONCAT(a, b) DPLAB_CONCAT_INNER(a, b)
