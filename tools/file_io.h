// Writing a file from a subcommand: a failure is exit code 3 (tools/commands.h), named on stderr.
#pragma once

#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

namespace dune::cli {

inline void write_text_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) {
    std::cerr << "cannot write " << path << "\n";
    throw CLI::RuntimeError(3);
  }
}

// Reading an input file: unreadable is exit code 3, named on stderr.
inline std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "cannot read " << path << "\n";
    throw CLI::RuntimeError(3);
  }
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace dune::cli
