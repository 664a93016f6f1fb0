//===- Suppressions.cpp - Findings silenced in the source -----------------===//

#include "tcgen05/Frontend/Suppressions.h"

#include "tcgen05/Basic/FindText.h"
#include "tcgen05/Frontend/Explain.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SourceMgr.h"

using namespace tcgen05;

static constexpr llvm::StringLiteral Marker = "tcgen05-check:";

Suppressions::Suppressions(llvm::StringRef Text) {
  // Markers are rare: find them directly, and count lines only up to each.
  size_t Counted = 0;
  unsigned Line = 1;
  for (size_t At = findText(Text, Marker); At != llvm::StringRef::npos;
       At = findText(Text, Marker, At + Marker.size())) {
    Line += Text.slice(Counted, At).count('\n');
    Counted = At;
    size_t NL = Text.rfind('\n', At);
    size_t LineStart = NL == llvm::StringRef::npos ? 0 : NL + 1;
    // Only in a // comment of this line.
    if (!Text.slice(LineStart, At).contains("//"))
      continue;
    llvm::StringRef Rest = Text.substr(At + Marker.size());
    Rest = Rest.take_until([](char C) { return C == '\n'; }).trim();
    if (!Rest.consume_front("ignore") ||
        (!Rest.empty() && !llvm::isSpace(Rest.front()) && Rest.front() != ':'))
      continue;
    llvm::SmallVector<unsigned, 2> Codes;
    while (!Rest.empty()) {
      Rest = Rest.ltrim(", :\t");
      llvm::StringRef W = Rest.take_until(
          [](char C) { return C == ',' || C == ' ' || C == '\t'; });
      Rest = Rest.drop_front(W.size());
      if (W.empty())
        break;
      std::optional<unsigned> Code;
      if (W.starts_with_insensitive("tc"))
        Code = parseDiagCode(W);
      if (!Code)
        break; // Prose after the codes.
      Codes.push_back(*Code);
    }
    ByLine[Line] = std::move(Codes);
  }
}

bool Suppressions::covers(unsigned Line, unsigned Code) const {
  for (unsigned L : {Line, Line - 1}) {
    auto It = ByLine.find(L);
    if (It != ByLine.end() &&
        (It->second.empty() || llvm::is_contained(It->second, Code)))
      return true;
  }
  return false;
}

void Suppressions::apply(const llvm::SourceMgr &SM, unsigned BufferID,
                         std::vector<Diagnostic> &Diags) const {
  if (empty())
    return;
  llvm::erase_if(Diags, [&](const Diagnostic &D) {
    if (!D.Range.Start.isValid() || !D.code())
      return false;
    unsigned Line = SM.FindLineNumber(D.Range.Start, BufferID);
    return covers(Line, D.code());
  });
}
