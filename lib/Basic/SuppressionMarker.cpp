//===- SuppressionMarker.cpp - One suppression comment --------------------===//

#include "tcgen05/Basic/SuppressionMarker.h"

#include "tcgen05/Basic/FindText.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace tcgen05;

/// Whether W is written as a code, right or wrong: "TC" and four letters
/// or digits, or a digit among the next two characters (TC6004, tc6004,
/// TC60O6, TCnnnn, TCO004.).  A misspelt code must silence nothing, not
/// everything as no code would; a word of prose that starts so (tcgen05,
/// tcgen05.mma, TCP) ends the codes.
static bool isCodeWord(llvm::StringRef W) {
  if (!W.starts_with_insensitive("tc"))
    return false;
  llvm::StringRef Rest = W.drop_front(2).rtrim(".;:)");
  return llvm::any_of(Rest.take_front(2), llvm::isDigit) ||
         (Rest.size() == 4 && llvm::all_of(Rest, llvm::isAlnum));
}

/// The codes of the marker at At of Line, which is in a // comment.
static std::optional<llvm::SmallVector<unsigned, 2>>
parseCommentMarker(llvm::StringRef Line, size_t At) {
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
    if (!isCodeWord(W))
      break; // Prose after the codes.
    Codes.push_back(parseDiagCode(W).value_or(0));
  }
  return Codes;
}

std::optional<llvm::SmallVector<unsigned, 2>>
tcgen05::parseSuppressionMarker(llvm::StringRef Line, size_t At) {
  // Only in a // comment of this line.
  if (!Line.take_front(At).contains("//"))
    return std::nullopt;
  return parseCommentMarker(Line, At);
}

void tcgen05::forEachSuppressionComment(
    llvm::StringRef Text,
    llvm::function_ref<void(size_t, llvm::SmallVector<unsigned, 2> &&)> Found) {
  // Markers are rare: they are found directly, not line by line.  A
  // line's start, end and first "//" are found once, moving forward, so
  // that many markers on one line cost no more than the line.
  size_t LineStart = 0, LineEnd = 0, Comment = llvm::StringRef::npos;
  bool Have = false;
  for (size_t At = findText(Text, SuppressionMarker);
       At != llvm::StringRef::npos;
       At = findText(Text, SuppressionMarker, At + SuppressionMarker.size())) {
    if (!Have || At > LineEnd) {
      size_t From = Have ? LineEnd + 1 : 0;
      size_t NL = Text.slice(From, At).rfind('\n');
      LineStart = NL == llvm::StringRef::npos ? From : From + NL + 1;
      LineEnd = std::min(Text.find('\n', At), Text.size());
      Comment = Text.slice(LineStart, LineEnd).find("//");
      if (Comment != llvm::StringRef::npos)
        Comment += LineStart;
      Have = true;
    }
    // Only in a // comment of this line.
    if (Comment == llvm::StringRef::npos || Comment >= At)
      continue;
    if (std::optional<llvm::SmallVector<unsigned, 2>> Codes =
            parseCommentMarker(Text.slice(LineStart, LineEnd), At - LineStart))
      Found(LineStart, std::move(*Codes));
  }
}
