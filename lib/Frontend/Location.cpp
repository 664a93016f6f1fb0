//===- Location.cpp - Line and column of a diagnostic ---------------------===//

#include "tcgen05/Frontend/DiagnosticPrinters.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstring>

using namespace tcgen05;

namespace {
bool isLineBreak(char C) { return C == '\n' || C == '\r'; }
/// How far back, in bytes, lines are uncounted rather than looked up.
constexpr ptrdiff_t MaxBackward = 1 << 20;
/// The '\n' in [B, E), counted a block at a time: a call of memchr per line
/// cost more than the count.
unsigned countLineBreaks(const char *B, const char *E) {
  size_t N = 0;
  while (E - B >= 64) {
    unsigned Block = 0;
    for (int I = 0; I < 64; ++I)
      Block += B[I] == '\n';
    N += Block;
    B += 64;
  }
  for (; B < E; ++B)
    N += *B == '\n';
  return static_cast<unsigned>(N);
}
} // namespace

bool LocationResolver::advance(const char *BufStart, const char *P) {
  if (LastBuf != BufStart) {
    LastBuf = LastPos = LastLineStart = BufStart;
    LastLineEnd = nullptr;
    LastLine = 1;
    Ahead = {};
    Back.clear();
  } else if (P < LastPos) {
    // A place met before (the same instruction noted by many findings):
    // its line is known.
    if (auto It = Back.find(P); It != Back.end()) {
      keepAhead();
      LastPos = P;
      LastLine = It->second.first;
      LastLineStart = It->second.second;
      LastLineEnd = nullptr;
      return true;
    }
    // Far back, a known line start before P, or SourceMgr's line table,
    // answers.
    if (LastPos - P > MaxBackward) {
      const LineMark *K =
          Lines && Lines->buffer() == BufStart ? Lines->before(P) : nullptr;
      if (!K)
        return false;
      keepAhead();
      LastPos = LastLineStart = K->Pos;
      LastLine = K->Line;
      LastLineEnd = nullptr;
      return advance(BufStart, P);
    }
    // Back to an earlier place (a note before its diagnostic): uncount
    // the lines in between, then find the line's start.
    keepAhead();
    LastLine -= countLineBreaks(P, LastPos);
    LastPos = LastLineStart = P;
    LastLineEnd = nullptr;
    while (LastLineStart > BufStart && !isLineBreak(LastLineStart[-1]))
      --LastLineStart;
    if (Back.size() >= MaxBack)
      Back.clear();
    Back[P] = {LastLine, LastLineStart};
    return true;
  } else if (Ahead.Pos && (P >= Ahead.Pos || Ahead.Pos - P < P - LastPos)) {
    // Forward again, nearer where the cursor was before it went back than
    // where it went back to: from there (back a little, when P is before
    // it), not all the way from the place it went back to.
    LastPos = Ahead.Pos;
    LastLine = Ahead.Line;
    LastLineStart = Ahead.LineStart;
    LastLineEnd = nullptr;
    Ahead = {};
    if (P < LastPos)
      return advance(BufStart, P);
  }
  // Lines are counted at '\n' and columns restart after '\n' or '\r', as
  // SourceMgr does.  The line's start is then found backward from P, a
  // line's length away.
  jumpTowards(BufStart, LastPos, P);
  LastLine += countLineBreaks(LastPos, P);
  for (const char *C = P; C > LastPos; --C)
    if (isLineBreak(C[-1])) {
      LastLineStart = C;
      LastLineEnd = nullptr;
      break;
    }
  LastPos = P;
  return true;
}

void LocationResolver::jumpTowards(const char *BufStart, const char *From,
                                   const char *P) {
  if (!Lines || Lines->buffer() != BufStart)
    return;
  const LineMark *K = Lines->before(P);
  if (!K || K->Pos <= From)
    return;
  LastPos = LastLineStart = K->Pos;
  LastLine = K->Line;
  LastLineEnd = nullptr;
}

void LocationResolver::keepAhead() {
  if (!Ahead.Pos || LastPos > Ahead.Pos)
    Ahead = {LastPos, LastLine, LastLineStart};
}

const char *LocationResolver::lineStart(const char *BufStart, const char *P) {
  if (advance(BufStart, P))
    return LastLineStart;
  const char *S = P;
  while (S > BufStart && !isLineBreak(S[-1]))
    --S;
  return S;
}

const char *LocationResolver::lineEnd(const char *P, const char *BufEnd) {
  if (LastLineEnd && LastLineStart <= P && P <= LastLineEnd)
    return LastLineEnd;
  const char *E = P;
  while (E < BufEnd && !isLineBreak(*E))
    ++E;
  if (LastPos == P)
    LastLineEnd = E;
  return E;
}

std::pair<unsigned, unsigned>
LocationResolver::lineAndColumn(const llvm::SourceMgr &SM, unsigned ID,
                                llvm::SMLoc L) {
  const char *BufStart = SM.getMemoryBuffer(ID)->getBufferStart();
  const char *P = L.getPointer();
  if (!advance(BufStart, P))
    return SM.getLineAndColumn(L, ID);
  return {LastLine, static_cast<unsigned>(P - LastLineStart) + 1};
}

bool LocationResolver::resolve(const llvm::SourceMgr *SM, llvm::SMRange R,
                               ResolvedLocation &Out) {
  if (!SM || !R.Start.isValid())
    return false;
  unsigned ID = SM->FindBufferContainingLoc(R.Start);
  if (!ID)
    return false;
  Out.File = SM->getMemoryBuffer(ID)->getBufferIdentifier().str();
  std::tie(Out.Line, Out.Column) = lineAndColumn(*SM, ID, R.Start);
  llvm::SMLoc End = R.End.isValid() ? R.End : R.Start;
  std::tie(Out.EndLine, Out.EndColumn) = lineAndColumn(*SM, ID, End);
  return true;
}
