"""Reading a dplab result file safely: the DPLAB-RESULT framing (framework/checked_file.hpp) is
checked, size and CRC-32 of every byte, before HDF5 parses anything, so a damaged file is one
error, never a crash inside the HDF5 library."""
import zlib

HDF5_SIGNATURE = b"\x89HDF\r\n\x1a\n"
HEADER_BYTES = 512


class DamagedResult(ValueError):
    """The file is not a whole dplab result file."""


def verify_checked(path):
    """Raises DamagedResult (or OSError) unless the header's size and CRC-32 match the file.
    Format-1 files (plain HDF5, before the framing) have no checksum: a damaged one can crash the
    HDF5 library inside this process, so they are refused with the command that upgrades them
    (dplab reads them in an isolated process)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] == HDF5_SIGNATURE:
        raise DamagedResult(f"{path}: a format-1 result file (no checksum), which Python does not open; "
                            f"`dplab upgrade {path}` rewrites it as format 2")
    if not data.startswith(b"DPLAB-RESULT\n") or len(data) < HEADER_BYTES:
        raise DamagedResult(f"{path}: not a dplab result file (no DPLAB-RESULT header)")
    raw = data[:HEADER_BYTES].split(b"\0", 1)[0]
    if data[len(raw):HEADER_BYTES].strip(b"\0"):  # the block's padding is zeros as written
        raise DamagedResult(f"{path}: damaged result file (header block)")
    text = raw.decode("ascii", "replace")
    fields = dict(line.split(" ", 1) for line in text.splitlines()[1:] if " " in line)
    try:
        size, crc = int(fields["bytes"]), int(fields["crc32"], 16)
    except (KeyError, ValueError):
        raise DamagedResult(f"{path}: damaged result file (unreadable header)") from None
    if size != len(data):
        raise DamagedResult(f"{path}: damaged result file ({len(data)} bytes, the header says {size})")
    if zlib.crc32(data[HEADER_BYTES:]) != crc:
        raise DamagedResult(f"{path}: damaged result file (checksum mismatch)")
