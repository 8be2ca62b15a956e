// Writing a file from a subcommand: a failure is exit code 3 (tools/commands.h), named on stderr.
#pragma once

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <system_error>

#include "engine/json_forms.h"

namespace dune::cli {

inline void write_text_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) {
    std::cerr << "cannot write " << path << "\n";
    throw CLI::RuntimeError(3);
  }
}

// Reading an input file: exit code 3, named on stderr, for anything but a regular file of at most
// kMaxJsonBytes (engine/json_forms.h): a missing file, a directory, a device or pipe (which could
// be endless), an oversized file, or a read error.
inline std::string read_text_file(const std::string& path) {
  const auto fail = [&](const std::string& why) {
    std::cerr << "cannot read " << path << ": " << why << "\n";
    throw CLI::RuntimeError(3);
  };
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) fail("no such file");
  if (std::filesystem::is_directory(status)) fail("it is a directory");
  if (!std::filesystem::is_regular_file(status)) fail("not a regular file (a device or a pipe?)");
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) fail(ec.message());
  if (size > kMaxJsonBytes) fail(fmt::format("{} bytes, over the {} MiB limit of a dunecheck file", size, kMaxJsonBytes >> 20));
  std::ifstream in(path, std::ios::binary);
  std::string text(static_cast<std::size_t>(size), '\0');
  if (!in || !in.read(text.data(), static_cast<std::streamsize>(text.size()))) fail("read error");
  return text;
}

}  // namespace dune::cli
