// A small PNG reader for the pixel tests of the SVG diagrams: 8-bit RGB or RGBA,
// non-interlaced (what rsvg-convert writes), with zlib for the IDAT stream.
#pragma once

#include <zlib.h>

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

namespace fairykit::testing {

struct Rgba {
  int r, g, b, a;
};

struct PngImage {
  int width = 0, height = 0, channels = 0;
  std::vector<std::uint8_t> pixels;  // rows top to bottom, `channels` bytes a pixel
  Rgba at(int x, int y) const {
    const std::uint8_t* p =
        &pixels[(std::size_t(y) * std::size_t(width) + std::size_t(x)) * std::size_t(channels)];
    return {p[0], p[1], p[2], channels == 4 ? p[3] : 255};
  }
};

// The image, or nullopt with `why` when the data is not a PNG this reader handles.
inline std::optional<PngImage> decode_png(const std::string& data, std::string* why) {
  auto fail = [&](const std::string& w) -> std::optional<PngImage> {
    *why = w;
    return std::nullopt;
  };
  auto be32 = [&](std::size_t at) {
    return std::uint32_t(std::uint8_t(data[at])) << 24 |
           std::uint32_t(std::uint8_t(data[at + 1])) << 16 |
           std::uint32_t(std::uint8_t(data[at + 2])) << 8 |
           std::uint32_t(std::uint8_t(data[at + 3]));
  };
  if (data.size() < 8 || data.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0) return fail("no signature");
  PngImage img;
  std::string idat;
  for (std::size_t at = 8; at + 12 <= data.size();) {
    const std::uint32_t len = be32(at);
    const std::string type = data.substr(at + 4, 4);
    if (at + 12 + len > data.size()) return fail("truncated chunk " + type);
    if (type == "IHDR") {
      img.width = int(be32(at + 8));
      img.height = int(be32(at + 12));
      const int depth = std::uint8_t(data[at + 16]), colour = std::uint8_t(data[at + 17]);
      const int interlace = std::uint8_t(data[at + 20]);
      if (depth != 8 || (colour != 2 && colour != 6) || interlace != 0)
        return fail("unsupported format (depth " + std::to_string(depth) + ", colour type " +
                    std::to_string(colour) + ", interlace " + std::to_string(interlace) + ")");
      img.channels = colour == 6 ? 4 : 3;
    } else if (type == "IDAT") {
      idat += data.substr(at + 8, len);
    } else if (type == "IEND") {
      break;
    }
    at += 12 + len;
  }
  if (img.channels == 0) return fail("no IHDR");
  const std::size_t stride = std::size_t(img.width) * std::size_t(img.channels);
  std::vector<std::uint8_t> raw((stride + 1) * std::size_t(img.height));
  uLongf raw_len = uLongf(raw.size());
  if (uncompress(raw.data(), &raw_len, reinterpret_cast<const Bytef*>(idat.data()),
                 uLong(idat.size())) != Z_OK ||
      raw_len != raw.size())
    return fail("bad IDAT data");
  img.pixels.resize(stride * std::size_t(img.height));
  const std::size_t bpp = std::size_t(img.channels);
  for (std::size_t y = 0; y < std::size_t(img.height); ++y) {
    const std::uint8_t filter = raw[y * (stride + 1)];
    const std::uint8_t* in = &raw[y * (stride + 1) + 1];
    std::uint8_t* row = &img.pixels[y * stride];
    const std::uint8_t* up = y ? &img.pixels[(y - 1) * stride] : nullptr;
    for (std::size_t i = 0; i < stride; ++i) {
      const int a = i >= bpp ? row[i - bpp] : 0, b = up ? up[i] : 0,
                c = i >= bpp && up ? up[i - bpp] : 0;
      int pred = 0;
      switch (filter) {
        case 0:
          pred = 0;
          break;
        case 1:
          pred = a;
          break;
        case 2:
          pred = b;
          break;
        case 3:
          pred = (a + b) / 2;
          break;
        case 4: {
          const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
          pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
        default:
          return fail("bad filter " + std::to_string(filter));
      }
      row[i] = std::uint8_t(in[i] + pred);
    }
  }
  return img;
}

}  // namespace fairykit::testing
