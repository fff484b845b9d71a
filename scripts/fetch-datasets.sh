#!/usr/bin/env bash
# fetch-datasets.sh [NAME...] - download the public data of dplab's dataset catalogue into
# datasets/cache/ and verify it against the catalogue's sha256 values.
#
# Usage:
#   make data                                 the same as the next line
#   scripts/fetch-datasets.sh                 every dataset of the catalogue
#   scripts/fetch-datasets.sh unbalance adult one or more catalogue names (`dplab datasets list`)
#   scripts/fetch-datasets.sh --list          the catalogue's files, checksums and sources
#
# It ends with one line per dataset that could not be fetched or verified (and why), and the
# list of datasets that have no public source (with the substitute the specs use); it exits 1
# when a requested dataset failed. Downloads are kept in <destination>/.downloads/ until every
# requested file verifies, and an interrupted download continues where it stopped (curl -C -)
# when the script is run again. Iris ships with dplab (datasets/embedded/): nothing to fetch.
#
# Files go to datasets/cache/<path>, the same relative paths as in the catalogue, so dplab
# finds them when no other data root is set (or point --data-dir / $DPLAB_DATA at the folder;
# $DPLAB_CACHE_DIR overrides the destination). datasets/cache/ is git-ignored: never commit
# data (MovieLens' licence forbids redistribution outright). The script is idempotent: a file
# that is present and has its catalogue sha256 is left alone, so re-running only fetches what
# is missing or corrupt. Nothing in the build or in CI needs it; it needs bash, curl,
# sha256sum, gzip, awk and python3 (standard library only), plus unzip or python3 for zips.
#
# Sources. A checksum can only match when the file is rebuilt from the very copy the catalogue
# was made from, so each recipe downloads that copy (a pinned commit of a public repository, or
# the distributor's own file) and applies the conversion documented in the data's README.md:
#
#   unbalance, r15, spiral, aggregation  github WJ-Guo/DPC-CE @449614d: "x y label" columns;
#       split into <name>.data.txt ("x y"; unbalance's 1.5170000e+005-style values printed as
#       integers, the shape sets' decimals kept as written) and <name>.labels.txt (integers).
#   s1               github deric/clustering-benchmark @fc7aba7, s-set1.arff: "x,y,class" after
#                    @DATA -> integer "x y" and the class. NOT Fränti's s1-label.pa, which
#                    numbers the clusters differently (not a simple conversion).
#   birch1..3, b2-*  github ivo-pontes/KMeansIA @d01a267: leading spaces removed, final newline
#                    added.
#   house            github D-Diaa/privateclustering @2fffc83, data/house.txt: leading spaces
#                    removed. (Deriving it from Fränti's 34,112-row house.txt would need the
#                    5-bit quantisation, de-duplication and row order: not a simple conversion.)
#   iris             UCI iris.data: "a,b,c,d,Iris-class" -> "a b c d" and labels 0/1/2
#                    (setosa, versicolor, virginica).
#   dpbench_*, adult, patents, income, dpbench2d_*, gowalla_checkins, gowalla_1m_substitute
#                    github dpcomp-org/dpcomp_core @233cfcc, datafiles/1D|2D/<name>.npy (float64,
#                    integral) -> text, one count per line (1-D) or 256 lines of 256 counts (2-D,
#                    then gzip as Python's gzip module writes it: level 9, mtime 0, file name).
#   wavecluster_ds1..3  github lchen10/DiffPrivWaveCluster @37839e9, WaveCluster_PrivQT/dataset/
#                    deritative-*-30k-unit-0.01.arff (the paper authors' files), unchanged.
#                    gowalla_1m_substitute is generated from the DPBench Gowalla histogram.
#   kos              UCI docword.kos.txt.gz, unchanged.
#   msnbc            UCI msnbc990928.seq.gz (or the same file in numenta/nupic-legacy's zip):
#                    gunzip, check, drop the 7 header lines, CRLF -> LF, strip trailing
#                    spaces, then `gzip -9n`.
#   movielens_100k   GroupLens ml-100k.zip, u.data unchanged.
#   electricity_load_diagrams  UCI LD2011_2014.txt.zip, LD2011_2014.txt unchanged (711 MB; the
#                    checksum is the one published with a copy of the UCI download, not checked
#                    here: the file was never on the machine that wrote this catalogue).
# A different gzip/zlib version may compress the same text to other bytes: the script then
# says so (it compares the decompressed text too) instead of pretending the file is right.
# Datasets that are not publicly available (nw, nw2, fidata, image, lifesci, gowalla_raw) are
# reported with the substitute to use.
set -euo pipefail

# ---- the catalogue: dataset, file (relative to the data root), sha256 of the file as stored.
# tests/test_datasets.cpp checks that this table matches the C++ catalogue.
CATALOGUE='
unbalance unbalance/unbalance.data.txt 5a9352d87b411977ccbdf8275dacbfeb7016296cb5ac972aa5dddfa7d6d87f50
unbalance unbalance/unbalance.labels.txt 56000381e1c21fcf9d5a91524e4dfb23f95046c1a57d34d52fc3c0de36cceee7
s1 s1/s1.data.txt ecce2f01fcce8f26a6ab0235f8c89c27814c8170303b21368f5abaca4b68a8f4
s1 s1/s1.labels.txt a81213940fbd60604386b4e6f60f952bdbcbe6a6842b93e49943416d111072f8
r15 r15/r15.data.txt 3f58ac2b76f7b74183b753877156b53abe6ac8f52cf9acc51ebcc6f1aa4891c9
r15 r15/r15.labels.txt dd0ded1bc56e74f31c2350af0f688e275e18d9193b71bffa6eb4956508b56256
spiral spiral/spiral.data.txt 36b7d75bcecbad38c42ad91f802daaf3f936dd69896b769bbaaba4dcb00b32be
spiral spiral/spiral.labels.txt c3d2335c45cd461a2863290fe19e57ef179b05a89d94c7566cc1bfb24644feee
aggregation aggregation/aggregation.data.txt 6093abfe517a37a057d99fc0da8b14c041c34a3ccdfbe5ebcecfae191351583f
aggregation aggregation/aggregation.labels.txt 9fd3b572eca3b2019f55614d52dc2c8b52e540fa93942042dee5d37865325195
iris iris/iris.data.txt 7ef55f44922e23859e53d29de23d94f04f8df57b3529792e25444f7b83509c36
iris iris/iris.labels.txt cdb523f28baf2f55e8b3b1cd843ba6bd5ce1e6dcb38b1293708ab4e6730fe4f6
birch1 birch1/birch1.data.txt 4cf2181aa38bb7af14440afdb61971327ff1532fb110409ae0ec7380a63ce207
birch2 birch2/birch2.data.txt b49257a2fa5a5727911efa858b922d478883e9784bdb50fe8762a19f3907e461
birch3 birch3/birch3.data.txt c64fde17ceb6b84df6c025333ab87915974717d9a47700d3c3ad69e19425a0fc
b2-random-1 birch2/subsets/b2-random-1.data.txt 6e7ac26b8cfc6ee312cea3a9773b9df98d7395b07b71bed1fbab41f0267f8926
b2-random-5 birch2/subsets/b2-random-5.data.txt f122d78204b7a5d01cd499bf45485946121f47db2ad7c059430bf3d49f17958d
b2-random-10 birch2/subsets/b2-random-10.data.txt 743fee81a30ce8181f5c03f4266575a140da081b68fdfaf167885b90b1ccc3f9
b2-sub-2 birch2/subsets/b2-sub-2.data.txt c240ac39e5c1872b0af1b2bb4691228cf51efba477f4ad6876ea59090089a1d9
house house_1837_variant/house.data.txt 5d9a2ce451cba5ce9fc9524ef042937621b48c95ad3fc030858c88214e127d94
dpbench_adult dpbench_1d/ADULTFRANK.n4096.txt c17a62325d101b4bdb02853c4cc526ced408d5bcd00852c6aca648d662e5c861
dpbench_patent dpbench_1d/PATENT.n4096.txt d55ba7e01614dd362b9502e1973932f7819bde5deb514ac27d988689ea5c39e9
dpbench_income dpbench_1d/INCOME.n4096.txt cd23518ef8748068d1f14c1be107919d84d4a96508421df978555406fd6387d7
adult dpbench_1d/ADULTFRANK.n4096.txt c17a62325d101b4bdb02853c4cc526ced408d5bcd00852c6aca648d662e5c861
patents dpbench_1d/PATENT.n4096.txt d55ba7e01614dd362b9502e1973932f7819bde5deb514ac27d988689ea5c39e9
income dpbench_1d/INCOME.n4096.txt cd23518ef8748068d1f14c1be107919d84d4a96508421df978555406fd6387d7
dpbench_hepth dpbench_1d/HEPTH.n4096.txt 9207ea83c9b98a06e252598bd9b530439edba32f19ac12229a32743399612d95
dpbench_medcost dpbench_1d/MEDCOST.n4096.txt 385965f6346bd3a8015265ce5a50847ab30d2c6db1930b37f096e76d8f5c5b61
dpbench_nettrace dpbench_1d/NETTRACE.n4096.txt 8269ccc276417ba91817bb038f3ff623137da18bb3fac9eb028dcd983e761196
dpbench_searchlogs dpbench_1d/SEARCHLOGS.n4096.txt 9455aa4578ce94a22a11afbecb2c7263ab0ee9946e24d0b4a4b6f2ce0389763f
dpbench_md_sal dpbench_1d/GrossCompenMDSalary1.txt 8f8430c9faea52811aae69c763ebea0742ada561eb21fe888696fd2c025606fa
dpbench_md_sal_fa dpbench_1d/GrossCompenMDSalary2_filtered.txt 08c26de66bed241271fc040427ed9473db6e1e8d541777ba07cdd4c60cfd2956
dpbench_lc_req_all dpbench_1d/RejectStats_0_4096_no_outliers.txt 594dc94bbee176abf6b1c38c28265e883f237f8fc93fb4ddb882045ddf33219e
dpbench_lc_req_f1 dpbench_1d/RejectStats_0_4096_no_outliers_filter_7_1.txt 10db858d751406fe89e4d6aedaf9166d09d4a4cf47187ce9c165d08134e30942
dpbench_lc_req_f2 dpbench_1d/RejectStats_0_4096_no_outliers_filter_7_2.txt d6d712afa041d74c837974cfd73af6962113938fc9fc7ebd10716cfd3903be7a
dpbench_lc_dtir_all dpbench_1d/RejectStats_4_4096_no_outliers.txt ef02a38cae13812bd0290f3f8b55462c774b85c29707be32ac7b62d06a79bf32
dpbench_lc_dtir_f1 dpbench_1d/RejectStats_4_4096_no_outliers_filter_7_1.txt 0c13929ee11b4c4e30a25c0b80af7d711bdadace52d069a11145bc1ac51fac40
dpbench_lc_dtir_f2 dpbench_1d/RejectStats_4_4096_no_outliers_filter_7_2.txt 0b2c5c2f6017044362f66415f834cade4af7a5699b65c414267c7fb698d9628d
dpbench_bids_all dpbench_1d/bids.txt 4f1b1af42d43c9af8425ef80b3ef6d96e5c64e21f1791ee8e4d9ab646b666d82
dpbench_bids_fj dpbench_1d/bids_j.txt 08a19470ef94b34bd9826e0aad486af287ceee19bc613880d18b8791fb3e4faa
dpbench_bids_fm dpbench_1d/bids_m.txt ec0bd1b7df55c2e24dd7364d7cdd2b030acf8dd85913b8608ddefae693aed402
dpbench2d_adult_2d dpbench_2d/Adult_2D_256_256.txt.gz 248f4d25719777d8598812ab575c9c6e34aeb1a474f89e98544c9e96b3f3ed28
dpbench2d_beijingtaxie dpbench_2d/BeijingTaxiE_256_256.txt.gz a917597787c9e69799d88249e01d10e60dea51c8036f00fa491f917d508e7e2e
dpbench2d_beijingtaxis dpbench_2d/BeijingTaxiS_256_256.txt.gz d05178ef22c44a7c308681208ef2451c60744827e9ed537870f2af6dafdf9ffd
dpbench2d_loan_2d dpbench_2d/Loan_2D_256_256.txt.gz 30e01902e8fb12550f2f65c11878f03c97b546d274fa9341305e0046999eff6e
dpbench2d_mdsalary2d dpbench_2d/MDSalary2D_256_256.txt.gz 943a028b54d23d4ad3c1659051efa4feece2d6321f99be2fab9c9bb74ca0ad03
dpbench2d_stroke_2d dpbench_2d/Stroke_2D_256_256.txt.gz f13cc1e15d0900a3b194c7b73d6670b1c927907dadafeada5e9c43dfdb393b4e
dpbench2d_cabspottinge dpbench_2d/cabspottingE_256_256.txt.gz c6a042915d30fac381136c8c8415f5a3a14664e08a9a2a6531f5d95beff39c26
dpbench2d_cabspottings dpbench_2d/cabspottingS_256_256.txt.gz 715955f86f61eb2c167f667a7a0f66672f0e99337848d006600a995cb0ba09c0
dpbench2d_checkin dpbench_2d/checkin_256_256.txt.gz cb93037b627abae418103f0b125bd4b654ef7191617eba53a7493289074b0f8c
dpbench2d_twitter dpbench_2d/twitter_256_256.txt.gz 35912b7f65695279999e016737fba272e8772f9764bb6cbf3994bdfae974d2e0
gowalla_checkins dpbench_2d/checkin_256_256.txt.gz cb93037b627abae418103f0b125bd4b654ef7191617eba53a7493289074b0f8c
gowalla_1m_substitute dpbench_2d/checkin_256_256.txt.gz cb93037b627abae418103f0b125bd4b654ef7191617eba53a7493289074b0f8c
wavecluster_ds1 wavecluster/deritative-15-clusters-30k-unit-0.01.arff 44dbacd81c35cca22dd49acac5a4b747b4da94ce604617d976933aa93ba47371
wavecluster_ds2 wavecluster/deritative-spiral-30k-unit-0.01.arff 7e3b95a8b15d11c72ec07b3d20ead199d6126ce0885d18a871e32db7fed6b9b6
wavecluster_ds3 wavecluster/deritative-aggregation-30k-unit-0.01.arff 63d801889ee1ec6636bd33f3bee81e7edab826663ed432c042de365ff95df628
kos kos/docword.kos.txt.gz 6439c39f2fccb4876563e4b4c9628974d8ccbeada43d661292a5024911389e30
msnbc msnbc/msnbc990928.sequences.txt.gz df88e4e73ecdb4a6a029d2eebf90c56959c8595bfc7b64bddf083dbf57086b30
movielens_100k movielens_100k/u.data 06416e597f82b7342361e41163890c81036900f418ad91315590814211dca490
electricity_load_diagrams electricity_load_diagrams/LD2011_2014.txt d51565f2cb5a6b768d06ba1bbd3c084c6e2f3aab07f00c6f2dcb80e90175124b
'

# sha256 of the decompressed text of the .gz files, to tell "same data, other compressor" from
# "different data" when a rebuilt .gz does not match.
CONTENT_SHA256='
dpbench_2d/Adult_2D_256_256.txt.gz 16f14c66754672f634ef7c3389bba6a1997127cc704cd3a42f566d41e43a28f8
dpbench_2d/BeijingTaxiE_256_256.txt.gz 98b4ef879363321d7e118d08c5a727332952064ece6eb4699e77e022b2c1dec0
dpbench_2d/BeijingTaxiS_256_256.txt.gz b4979aacd252894a257617579d154062a43ac27e1cbe0a30d3c0ebc72d20d807
dpbench_2d/Loan_2D_256_256.txt.gz 341e62e81405ec92e68f4a59fa49b6da5c9edbe35c0f4569e6805850721fb43f
dpbench_2d/MDSalary2D_256_256.txt.gz 7e43e8e409920aefad58fc321f5ef8332c257500021228f4efe1e5882468aeed
dpbench_2d/Stroke_2D_256_256.txt.gz 4b96e84bc80ad83ed7014eda55a63540529df44f13a602e4904c10759927d256
dpbench_2d/cabspottingE_256_256.txt.gz 0b7019c68eee34775932cb0be827e706672bf9c8d6df3d40355dfd100356beef
dpbench_2d/cabspottingS_256_256.txt.gz 386c056ba16673d54309a9b12f52983373fc00bdb08ed437c0b469ada0d90f41
dpbench_2d/checkin_256_256.txt.gz ccd6fbab604f699cacd3399ab1e8a60eb07b0f7363b6ffc250214b3f3927a05a
dpbench_2d/twitter_256_256.txt.gz 935a8dacaeec65ff0399254c0de36b9334f5510721a38b56eb6e3b26e7f6ee82
kos/docword.kos.txt.gz 0913cf084375360ce32c497dc2f8eafc4cf24a231f3d39bdbf8c41de29797cb4
msnbc/msnbc990928.sequences.txt.gz 08c13a03a539838cff1936d2cd82b47ace7bc7ffef2a3e8d617cebde5ba5a239
'
# The original msnbc990928.seq (uncompressed, CRLF, with its header), per the data's README.
MSNBC_SEQ_SHA256=982d85eb7aff1744e64d8bfadb21f53fb921b79d53b6305d4df232da59f218fe

# Not publicly available: dataset and the substitute its catalogue note names.
UNAVAILABLE='
nw dpbench_bids_all
nw2 dpbench_lc_dtir_all
fidata dpbench_lc_req_all
image house (or gaussian_mixture with n 34112, d 3, k 3)
lifesci gaussian_mixture (n 26733, d 10, k 3)
gowalla_raw gowalla_checkins (points: gowalla_1m_substitute)
'

# ---- sources (pinned commits: a moving branch could change the bytes) ----
GH=https://raw.githubusercontent.com
DPCCE=$GH/WJ-Guo/DPC-CE/449614d0ce7016ed6ce8fa09b937d416d3ad24db
DERIC=$GH/deric/clustering-benchmark/fc7aba73c873b0e017dd3a6d7113b1cb2ede118a/src/main/resources/datasets
KMEANSIA=$GH/ivo-pontes/KMeansIA/d01a267c9d598b8882e843ff9a3e2c250ef0a075
PRIVCLUST=$GH/D-Diaa/privateclustering/2fffc839c5b2fb4d2ee5f83089891ca23cbc8caa
DPCOMP=$GH/dpcomp-org/dpcomp_core/233cfcc380320860ab957003b7b6271e0c2027c1/dpcomp_core/datafiles
WAVECLUSTER=$GH/lchen10/DiffPrivWaveCluster/37839e9bcbfc23a484e0ed0cb700f680a481ceae/WaveCluster_PrivQT/dataset
NUPIC=$GH/numenta/nupic-legacy/7281482def2a96fbda663e6c39e8351a1886dec7/examples/prediction/category_prediction
UCI=https://archive.ics.uci.edu/ml/machine-learning-databases
IRIS_URLS="$UCI/iris/iris.data"
IRIS_ZIP=https://archive.ics.uci.edu/static/public/53/iris.zip
KOS_URL=$UCI/bag-of-words/docword.kos.txt.gz
MSNBC_URL=$UCI/msnbc-mld/msnbc990928.seq.gz
MSNBC_ZIP=$NUPIC/msnbc990928.zip
ML100K_ZIP=https://files.grouplens.org/datasets/movielens/ml-100k.zip
ELD_ZIP=$UCI/00321/LD2011_2014.txt.zip

say() { printf '%s\n' "$*" >&2; }

# Downloads a URL once into $DOWNLOADS (kept across runs until every requested file verifies);
# prints the local path. A .part left by an interrupted run is continued, not restarted.
download() {
  local url=$1 out rc=0
  out=$DOWNLOADS/$(printf '%s' "$url" | sha256sum | cut -c1-16)-${url##*/}
  if [[ ! -s $out ]]; then
    mkdir -p "$DOWNLOADS"
    if [[ -s $out.part ]]; then
      say "    resuming $url ($(wc -c <"$out.part") bytes already here)"
    else
      say "    downloading $url"
    fi
    curl -fsSL --retry 3 --connect-timeout 30 -C - -o "$out.part" "$url" || rc=$?
    if ((rc != 0)); then
      # 33: the server cannot resume; start over once.
      if ((rc == 33)); then
        rm -f "$out.part"
        rc=0
        curl -fsSL --retry 3 --connect-timeout 30 -o "$out.part" "$url" || rc=$?
      fi
      if ((rc != 0)); then
        # (download runs in a subshell, $(...): the reason goes through a file)
        printf 'cannot download %s (curl exit code %s%s)\n' "$url" "$rc" \
          "$( ((rc == 6 || rc == 7 || rc == 28)) && echo ': no network?')" >"$WORK/download-error"
        say "    $(cat "$WORK/download-error")"
        return 1
      fi
    fi
    mv "$out.part" "$out"
  fi
  printf '%s\n' "$out"
}

# One member of a zip archive, to stdout.
unzip_member() {
  local zip=$1 member=$2
  if command -v unzip >/dev/null; then
    unzip -p "$zip" "$member"
  else
    python3 -c 'import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))' "$zip" "$member"
  fi
}

# A NumPy .npy file of integral float64 counts, as text: one count per line (1-D) or one row
# per line, counts separated by single spaces (2-D). Standard library only (no numpy needed).
npy_to_text() {
  python3 - "$1" <<'PY'
import ast, struct, sys
raw = open(sys.argv[1], "rb").read()
if raw[:6] != b"\x93NUMPY":
    sys.exit(f"{sys.argv[1]}: not a .npy file")
major = raw[6]
hlen_size = 2 if major == 1 else 4
hlen = int.from_bytes(raw[8:8 + hlen_size], "little")
header = ast.literal_eval(raw[8 + hlen_size:8 + hlen_size + hlen].decode("latin1"))
codes = {"<f8": "d", "<f4": "f", "<i8": "q", "<i4": "i", "<u8": "Q", "<u4": "I"}
if header["descr"] not in codes or header["fortran_order"]:
    sys.exit(f"{sys.argv[1]}: unsupported layout {header} (expected little-endian C-order numbers)")
shape = header["shape"]
n = 1
for s in shape:
    n *= s
data = struct.unpack_from("<%d%s" % (n, codes[header["descr"]]), raw, 8 + hlen_size + hlen)
if any(v != int(v) or v < 0 for v in data):
    sys.exit(f"{sys.argv[1]}: not all values are non-negative integers")
cols = shape[1] if len(shape) == 2 else 1
out = sys.stdout
for r in range(0, n, cols):
    out.write(" ".join(str(int(v)) for v in data[r:r + cols]) + "\n")
PY
}

# gzip exactly as the catalogue's .txt.gz files of DPBench were written (Python's gzip module,
# level 9, mtime 0, the original file name in the header).
python_gzip() {
  python3 -c '
import gzip, sys
with open(sys.argv[2], "wb") as f, gzip.GzipFile(filename=sys.argv[1], mode="wb", compresslevel=9, fileobj=f, mtime=0) as g:
    g.write(sys.stdin.buffer.read())' "$1" "$2"
}

# Writes the catalogue file $1 (relative path) to $2, from its source.
build() {
  local path=$1 out=$2 src base
  base=${path##*/}
  case $path in
    unbalance/unbalance.data.txt)
      src=$(download "$DPCCE/unbalance.txt") || return 1
      tr -d '\r' <"$src" | awk 'NF { printf "%d %d\n", $1, $2 }' >"$out" ;;
    unbalance/unbalance.labels.txt)
      src=$(download "$DPCCE/unbalance.txt") || return 1
      tr -d '\r' <"$src" | awk 'NF { printf "%d\n", $3 }' >"$out" ;;
    r15/r15.*.txt | spiral/spiral.*.txt | aggregation/aggregation.*.txt)
      local name=${path%%/*}
      case $name in r15) name=R15 ;; aggregation) name=Aggregation ;; esac
      src=$(download "$DPCCE/$name.txt") || return 1
      if [[ $path == *.labels.txt ]]; then
        tr -d '\r' <"$src" | awk 'NF { printf "%d\n", $3 }' >"$out"
      else
        tr -d '\r' <"$src" | awk 'NF { print $1 " " $2 }' >"$out"
      fi ;;
    s1/s1.data.txt | s1/s1.labels.txt)
      src=$(download "$DERIC/artificial/s-set1.arff") || return 1
      # shellcheck disable=SC2016  # awk code, expanded by awk
      local col='printf "%d %d\n", $1, $2'
      # shellcheck disable=SC2016
      [[ $path == *.labels.txt ]] && col='printf "%d\n", $3'
      tr -d '\r' <"$src" | awk -F, "
        /^@[Dd][Aa][Tt][Aa]/ { data = 1; next }
        data && NF >= 3 && \$0 !~ /^%/ { $col }" >"$out" ;;
    birch1/birch1.data.txt | birch2/birch2.data.txt | birch3/birch3.data.txt)
      src=$(download "$KMEANSIA/${base%.data.txt}.txt") || return 1
      tr -d '\r' <"$src" | awk 'NF { print $1 " " $2 }' >"$out" ;;
    birch2/subsets/*.data.txt)
      src=$(download "$KMEANSIA/${base%.data.txt}.txt") || return 1
      tr -d '\r' <"$src" | awk 'NF { print $1 " " $2 }' >"$out" ;;
    house_1837_variant/house.data.txt)
      src=$(download "$PRIVCLUST/data/house.txt") || return 1
      tr -d '\r' <"$src" | awk 'NF { print $1 " " $2 " " $3 }' >"$out" ;;
    iris/iris.data.txt | iris/iris.labels.txt)
      if ! src=$(download "$IRIS_URLS"); then
        local zip
        zip=$(download "$IRIS_ZIP") || return 1
        src=$WORK/iris.data
        unzip_member "$zip" iris.data >"$src" || return 1
      fi
      if [[ $path == *.labels.txt ]]; then
        tr -d '\r' <"$src" | awk -F, 'NF >= 5 {
          if ($5 == "Iris-setosa") print 0; else if ($5 == "Iris-versicolor") print 1;
          else if ($5 == "Iris-virginica") print 2; else { print "unknown class " $5 > "/dev/stderr"; exit 1 } }' >"$out"
      else
        tr -d '\r' <"$src" | awk -F, 'NF >= 5 { print $1 " " $2 " " $3 " " $4 }' >"$out"
      fi ;;
    dpbench_1d/*.txt)
      src=$(download "$DPCOMP/1D/${base%.txt}.npy") || return 1
      npy_to_text "$src" >"$out" ;;
    dpbench_2d/*.txt.gz)
      src=$(download "$DPCOMP/2D/${base%.txt.gz}.npy") || return 1
      npy_to_text "$src" | python_gzip "${base%.gz}" "$out" ;;
    wavecluster/*.arff)
      src=$(download "$WAVECLUSTER/$base") || return 1
      cp "$src" "$out" ;;
    kos/docword.kos.txt.gz)
      src=$(download "$KOS_URL") || return 1
      cp "$src" "$out" ;;
    msnbc/msnbc990928.sequences.txt.gz)
      local seq=$WORK/msnbc990928.seq
      if [[ ! -s $seq ]]; then
        if src=$(download "$MSNBC_URL"); then
          gzip -dc "$src" >"$seq" || return 1
        else
          src=$(download "$MSNBC_ZIP") || return 1
          unzip_member "$src" msnbc990928.seq >"$seq" || return 1
        fi
        if [[ $(sha256sum <"$seq" | cut -c1-64) != "$MSNBC_SEQ_SHA256" ]]; then
          say "    msnbc990928.seq is not the expected original (sha256 $MSNBC_SEQ_SHA256): the cleaning below would not reproduce the catalogue file"
          return 1
        fi
      fi
      tail -n +8 "$seq" | awk '{ sub(/\r$/, ""); sub(/ +$/, ""); print }' | gzip -9n >"$out" ;;
    movielens_100k/*)
      src=$(download "$ML100K_ZIP") || return 1
      unzip_member "$src" "ml-100k/$base" >"$out" ;;
    electricity_load_diagrams/LD2011_2014.txt)
      src=$(download "$ELD_ZIP") || return 1
      unzip_member "$src" LD2011_2014.txt >"$out" ;;
    *)
      say "    no recipe for $path: add one to scripts/fetch-datasets.sh"
      return 1 ;;
  esac
}

sha_of() { sha256sum "$1" | cut -c1-64; }

# Fetches and verifies one catalogue file; returns non-zero when it does not verify, with the
# reason in LAST_ERROR.
fetch_file() {
  local path=$1 sha=$2 dest=$CACHE/$1
  if [[ -f $dest && $(sha_of "$dest") == "$sha" ]]; then
    say "  ok       $path (already there)"
    return 0
  fi
  mkdir -p "$(dirname "$dest")"
  local tmp=$dest.tmp.$$
  rm -f "$WORK/download-error"
  if ! build "$path" "$tmp"; then
    rm -f "$tmp"
    LAST_ERROR="could not convert the download into $path"
    [[ -s $WORK/download-error ]] && LAST_ERROR=$(cat "$WORK/download-error")
    say "  FAILED   $path: $LAST_ERROR"
    return 1
  fi
  local got
  got=$(sha_of "$tmp")
  if [[ $got == "$sha" ]]; then
    mv -f "$tmp" "$dest"
    say "  fetched  $path"
    return 0
  fi
  local content want_content
  want_content=$(awk -v p="$path" '$1 == p { print $2 }' <<<"$CONTENT_SHA256")
  if [[ -n $want_content ]]; then
    content=$(gzip -dc "$tmp" | sha256sum | cut -c1-64)
    if [[ $content == "$want_content" ]]; then
      say "  FAILED   $path: the text is right but this gzip/zlib compresses it to other bytes (sha256 $got," \
          "expected $sha); the catalogue checks the compressed file, so use the copy in the shared data folder" \
          "or update the catalogue's checksum after checking the content"
      mv -f "$tmp" "$dest.content-ok"
      LAST_ERROR="$path: right text, other gzip bytes (see above)"
      return 1
    fi
  fi
  mv -f "$tmp" "$dest.mismatch"
  say "  FAILED   $path: sha256 $got, expected $sha; the upstream copy differs from the catalogue's" \
      "(kept as $dest.mismatch for inspection; the conversion is not reproducing it)"
  LAST_ERROR="$path: sha256 $got, expected $sha (kept as $dest.mismatch)"
  return 1
}

main() {
  local names=()
  for a in "$@"; do
    case $a in
      -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; return 0 ;;
      --list) awk 'NF' <<<"$CATALOGUE"; awk 'NF { print $1 " NOT AVAILABLE, use " substr($0, index($0, $2)) }' <<<"$UNAVAILABLE"; return 0 ;;
      -*) say "unknown option $a (allowed: --list, --help)"; return 2 ;;
      *) names+=("$a") ;;
    esac
  done
  local here
  here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  CACHE=${DPLAB_CACHE_DIR:-$here/datasets/cache}
  DOWNLOADS=$CACHE/.downloads
  WORK=$(mktemp -d)
  trap 'rm -rf "$WORK"' EXIT

  local known all=0
  known=$(awk 'NF { print $1 }' <<<"$CATALOGUE" | sort -u)
  if ((${#names[@]} == 0)); then
    all=1
    mapfile -t names < <(awk 'NF && !seen[$1]++ { print $1 }' <<<"$CATALOGUE"; awk 'NF { print $1 }' <<<"$UNAVAILABLE")
  fi
  say "destination: $CACHE"
  local name path sha unknown=0 files_failed
  local failures=() unavailable=() done_names=()
  for name in "${names[@]}"; do
    local sub
    sub=$(awk -v n="$name" '$1 == n { print substr($0, index($0, $2)) }' <<<"$UNAVAILABLE")
    if [[ -n $sub ]]; then
      unavailable+=("$name (use $sub)")
      ((all)) || say "$name: not publicly available; use $sub (see \`dplab datasets show $name\`)"
      continue
    fi
    if ! grep -qx -- "$name" <<<"$known"; then
      say "$name: not in the catalogue (known: $(tr '\n' ' ' <<<"$known"))"
      unknown=1
      continue
    fi
    if [[ -d $here/datasets/embedded/$name ]]; then
      say "$name: ships with dplab (datasets/embedded/$name/), nothing to fetch"
      done_names+=("$name")
      continue
    fi
    say "$name:"
    files_failed=""
    while read -r _ path sha; do
      # (one reason once: the files of a dataset often come from one download)
      if ! fetch_file "$path" "$sha" && [[ $files_failed != *"$LAST_ERROR"* ]]; then
        files_failed+="${files_failed:+; }$LAST_ERROR"
      fi
    done < <(awk -v n="$name" '$1 == n' <<<"$CATALOGUE")
    if [[ -n $files_failed ]]; then
      failures+=("$name: $files_failed")
    else
      done_names+=("$name")
    fi
  done
  say ""
  say "${#done_names[@]} dataset(s) ready (verified in $CACHE, or shipped with dplab)"
  if ((${#unavailable[@]} > 0)); then
    say "not publicly available (no source to fetch; the specs use the substitute named):"
    printf '  %s\n' "${unavailable[@]}" >&2
  fi
  if ((${#failures[@]} > 0 || unknown)); then
    if ((${#failures[@]} > 0)); then
      say "FAILED (${#failures[@]} dataset(s); run the script again to retry, downloads resume):"
      printf '  %s\n' "${failures[@]}" >&2
    fi
    return 1
  fi
  rm -rf "$DOWNLOADS"
  say "all requested datasets verified"
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
  main "$@"
fi
