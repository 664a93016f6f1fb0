//===- SuppressionMarker.cpp - One suppression comment --------------------===//

#include "tcgen05/Basic/SuppressionMarker.h"

#include "llvm/ADT/StringExtras.h"

using namespace tcgen05;

std::optional<unsigned> tcgen05::parseDiagCode(llvm::StringRef Text) {
  if (Text.starts_with_insensitive("tc"))
    Text = Text.drop_front(2);
  unsigned Code;
  if (Text.empty() || Text.getAsInteger(10, Code))
    return std::nullopt;
  return Code;
}

std::optional<llvm::SmallVector<unsigned, 2>>
tcgen05::parseSuppressionMarker(llvm::StringRef Line, size_t At) {
  // Only in a // comment of this line.
  if (!Line.take_front(At).contains("//"))
    return std::nullopt;
  llvm::StringRef Rest = Line.substr(At + SuppressionMarker.size()).trim();
  if (!Rest.consume_front("ignore") ||
      (!Rest.empty() && !llvm::isSpace(Rest.front()) && Rest.front() != ':'))
    return std::nullopt;
  llvm::SmallVector<unsigned, 2> Codes;
  while (!Rest.empty()) {
    Rest = Rest.ltrim(", :\t");
    llvm::StringRef W = Rest.take_until(
        [](char C) { return C == ',' || C == ' ' || C == '\t'; });
    Rest = Rest.drop_front(W.size());
    if (W.empty() || !W.starts_with_insensitive("tc"))
      break; // Prose after the codes.
    Codes.push_back(parseDiagCode(W).value_or(0));
  }
  return Codes;
}
