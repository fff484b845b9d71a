// `dplab report` end to end: quick runs of a few specs in a temporary folder, the report written
// from them, rendered by headless Chromium (Debian `chromium`, scripts/install-deps.sh): the
// screenshot has the window's size, is not blank and shows the claims table's status colours;
// the DOM has every paper's heading and no asset from the web. Without chromium the suite
// reports a skip (ctest: "Skipped"), never a pass.
#include <doctest/doctest.h>
#include <zlib.h>

#include <cstdint>
#include <string>
#include <vector>
#include <cstdlib>
#include <filesystem>

#include "dplab_source_dir.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using dplab::testing::contains;
using dplab::testing::read_file;
using dplab::testing::run_dplab;
using dplab::testing::TempDir;

namespace {

std::string chromium() {
  for (const char* c : {"/usr/bin/chromium", "/usr/bin/chromium-browser"})
    if (fs::exists(c)) return c;
  return "";
}

// An 8-bit RGB or RGBA PNG, decoded (zlib inflate and the five PNG row filters).
struct Image {
  std::uint32_t width = 0, height = 0;
  int channels = 0;
  std::vector<std::uint8_t> pixels;  // rows of width x channels bytes
  const std::uint8_t* at(std::uint32_t x, std::uint32_t y) const { return &pixels[(std::size_t(y) * width + x) * channels]; }
};

std::uint32_t be32(const std::string& s, std::size_t at) {
  return (std::uint32_t(std::uint8_t(s[at])) << 24) | (std::uint32_t(std::uint8_t(s[at + 1])) << 16) |
         (std::uint32_t(std::uint8_t(s[at + 2])) << 8) | std::uint32_t(std::uint8_t(s[at + 3]));
}

Image decode_png(const std::string& data) {
  Image img;
  REQUIRE(data.size() > 33);
  REQUIRE(data.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
  std::string idat;
  int depth = 0, type = 0, interlace = 0;
  for (std::size_t at = 8; at + 12 <= data.size();) {
    const std::uint32_t len = be32(data, at);
    const std::string kind = data.substr(at + 4, 4);
    if (kind == "IHDR") {
      img.width = be32(data, at + 8);
      img.height = be32(data, at + 12);
      depth = std::uint8_t(data[at + 16]);
      type = std::uint8_t(data[at + 17]);
      interlace = std::uint8_t(data[at + 20]);
    } else if (kind == "IDAT") {
      idat += data.substr(at + 8, len);
    }
    at += 12 + len;
  }
  REQUIRE(depth == 8);
  REQUIRE(interlace == 0);
  REQUIRE((type == 2 || type == 6));
  img.channels = type == 2 ? 3 : 4;
  const std::size_t stride = std::size_t(img.width) * img.channels;
  std::vector<std::uint8_t> raw((stride + 1) * img.height);
  uLongf raw_len = raw.size();
  REQUIRE(uncompress(raw.data(), &raw_len, reinterpret_cast<const Bytef*>(idat.data()), idat.size()) == Z_OK);
  REQUIRE(raw_len == raw.size());
  img.pixels.assign(stride * img.height, 0);
  const int bpp = img.channels;
  for (std::uint32_t y = 0; y < img.height; ++y) {
    const std::uint8_t filter = raw[y * (stride + 1)];
    const std::uint8_t* in = &raw[y * (stride + 1) + 1];
    std::uint8_t* out = &img.pixels[y * stride];
    const std::uint8_t* up = y ? &img.pixels[(y - 1) * stride] : nullptr;
    for (std::size_t i = 0; i < stride; ++i) {
      const int a = i >= std::size_t(bpp) ? out[i - bpp] : 0, b = up ? up[i] : 0,
                c = (up && i >= std::size_t(bpp)) ? up[i - bpp] : 0;
      int v = in[i];
      switch (filter) {
        case 0: break;
        case 1: v += a; break;
        case 2: v += b; break;
        case 3: v += (a + b) / 2; break;
        case 4: {
          const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
          v += (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
          break;
        }
        default: FAIL("unknown PNG filter " << int(filter));
      }
      out[i] = std::uint8_t(v);
    }
  }
  return img;
}

// Pixels within 6 levels of the colour #rrggbb.
std::size_t count_colour(const Image& img, int r, int g, int b) {
  std::size_t n = 0;
  for (std::uint32_t y = 0; y < img.height; ++y)
    for (std::uint32_t x = 0; x < img.width; ++x) {
      const auto* p = img.at(x, y);
      n += std::abs(p[0] - r) <= 6 && std::abs(p[1] - g) <= 6 && std::abs(p[2] - b) <= 6;
    }
  return n;
}

void quick_run(const TempDir& dir, const std::string& paper, const std::string& spec, int trials) {
  fs::create_directories(fs::path(dir / "results") / paper);
  const auto c = run_dplab(std::string("-C ") + DPLAB_SOURCE_DIR + " run experiments/" + paper + "/" + spec +
                               ".yaml --threads 2 --trials " + std::to_string(trials) + " --out " +
                               (dir / "results") + "/" + paper + "/" + spec + ".h5",
                           dir);
  REQUIRE_MESSAGE(c.code == 0, spec << ": " << c.err);
}

}  // namespace

TEST_SUITE("report_render") {
  TEST_CASE("the report renders in headless Chromium: every paper, claims, figures, no web asset") {
    TempDir dir;
    // Table 3 (deterministic, the paper's numbers beside ours), Fig 1 (a line figure) and
    // Fig 4.4 of lu_thesis (two trials: a confidence interval).
    quick_run(dir, "budget_series", "table3", 1);
    quick_run(dir, "budget_series", "fig1", 1);
    quick_run(dir, "lu_thesis", "fig4_4", 2);
    const auto rep = run_dplab(std::string("-C ") + DPLAB_SOURCE_DIR + " report --results " + (dir / "results") +
                                   " --out " + (dir / "report"),
                               dir);
    REQUIRE_MESSAGE(rep.code == 0, rep.err);
    const std::string page = read_file(dir / "report/index.html");
    for (const char* p : {"budget_series", "diffpart", "lu_thesis", "wavecluster", "workload_division"})
      CHECK_CONTAINS(page, std::string("<h2 id=\"") + p + "\">");
    CHECK_CONTAINS(page, "data:image/png;base64,");
    CHECK_CONTAINS(page, "table3-upper");
    CHECK_CONTAINS(page, "<th>ours / paper</th>");
    CHECK_FALSE(contains(page, "figure not drawn"));

    // The LaTeX table of a result with a confidence interval.
    const auto tex = run_dplab(std::string("-C ") + DPLAB_SOURCE_DIR + " show " + (dir / "results") +
                                   "/lu_thesis/fig4_4.h5 --latex",
                               dir);
    REQUIRE(tex.code == 0);
    CHECK_CONTAINS(tex.out, " \\pm ");

    const std::string browser = chromium();
    if (browser.empty()) DPLAB_SKIP("chromium is not installed (Debian package chromium, scripts/install-deps.sh)");
    const std::string shot = dir / "shot.png", url = "file://" + (dir / "report/index.html");
    const std::string flags = " --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir=" + (dir / "chrome");
    std::string cmd = browser + flags + " --screenshot=" + shot + " --window-size=1280,2400 " + url + " > " +
                      (dir / "chrome.log") + " 2>&1";
    REQUIRE_MESSAGE(std::system(cmd.c_str()) == 0, read_file(dir / "chrome.log"));
    const Image img = decode_png(read_file(shot));
    CHECK(img.width == 1280);
    CHECK(img.height == 2400);
    // Not blank: a good share of the page is not white.
    const std::size_t total = std::size_t(img.width) * img.height;
    const std::size_t white = count_colour(img, 255, 255, 255);
    CHECK_MESSAGE(total - white > total / 50, "only " << total - white << " non-white pixels");
    // The claims table of budget_series is on the first screen: its status colours (style of
    // cli/report.cpp) cover whole cells: holds (#d4f4d4), does not hold (#f9d0d0), not run (#eeeeee).
    CHECK(count_colour(img, 0xd4, 0xf4, 0xd4) > 2000);
    CHECK(count_colour(img, 0xf9, 0xd0, 0xd0) > 2000);
    CHECK(count_colour(img, 0xee, 0xee, 0xee) > 2000);
    // The headings band (#333355) of the first paper.
    CHECK(count_colour(img, 0x33, 0x33, 0x55) > 5000);

    cmd = browser + flags + " --dump-dom " + url + " > " + (dir / "dom.html") + " 2> " + (dir / "chrome.log");
    REQUIRE_MESSAGE(std::system(cmd.c_str()) == 0, read_file(dir / "chrome.log"));
    const std::string dom = read_file(dir / "dom.html");
    for (const char* p : {"budget_series", "diffpart", "lu_thesis", "wavecluster", "workload_division"})
      CHECK_CONTAINS(dom, std::string("<h2 id=\"") + p + "\">");
    CHECK_CONTAINS(dom, "<img alt=\"fig1\" src=\"data:image/png;base64,");
    for (const char* web : {"src=\"http://", "src=\"https://", "href=\"http://", "href=\"https://", "url(http", "@import"})
      CHECK_MESSAGE(!contains(dom, web), "the page loads " << web);
    CHECK_FALSE(contains(dom, "<script"));
  }
}
