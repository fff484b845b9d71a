# Writes the code version (git describe) into a header at every build, so each result file
# records the exact commit it was computed with. The file is rewritten only when it changes.
execute_process(COMMAND git describe --always --dirty --tags
                WORKING_DIRECTORY ${SRC}
                OUTPUT_VARIABLE v OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT v)
  set(v "unknown")
endif()
set(content "#pragma once\n#define DPLAB_GIT_DESCRIBE \"${v}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT "${old}" STREQUAL "${content}")
  file(WRITE ${OUT} "${content}")
endif()
