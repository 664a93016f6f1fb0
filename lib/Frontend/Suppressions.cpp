//===- Suppressions.cpp - Findings silenced in the source -----------------===//

#include "tcgen05/Frontend/Suppressions.h"

#include "tcgen05/Basic/FindText.h"
#include "tcgen05/Basic/SuppressionMarker.h"
#include "tcgen05/Frontend/DiagnosticPrinters.h"
#include "tcgen05/Frontend/Explain.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SourceMgr.h"

using namespace tcgen05;

Suppressions::Suppressions(llvm::StringRef Text) {
  // Lines are counted only up to each comment.
  size_t Counted = 0;
  unsigned Line = 1;
  forEachSuppressionComment(
      Text, [&](size_t LineStart, llvm::SmallVector<unsigned, 2> &&Codes) {
        Line += Text.slice(Counted, LineStart).count('\n');
        Counted = LineStart;
        ByLine[Line] = Comment{std::move(Codes), LineStart, false};
      });
}

Suppressions Suppressions::near(const llvm::SourceMgr &SM, unsigned BufferID,
                                llvm::ArrayRef<Diagnostic> Diags,
                                const LineIndex *Known) {
  // Only the line of a finding and the one before it can silence it: those
  // are searched, not the whole file, and lines are counted only when one
  // holds the marker.
  Suppressions S;
  llvm::StringRef Text = SM.getMemoryBuffer(BufferID)->getBuffer();
  // Findings come in source order, so their lines' starts are found
  // moving forward, each byte looked at once; a finding before the one
  // before it searches back.  Searching back for each one took time
  // quadratic in the findings of a module written on one line.
  size_t CursorPos = 0, CursorLineStart = 0;
  auto LineStart = [&](size_t Pos) {
    if (Pos < CursorPos)
      return lineStartAt(Text, Pos);
    size_t NL = Text.slice(CursorPos, Pos).rfind('\n');
    if (NL != llvm::StringRef::npos)
      CursorLineStart = CursorPos + NL + 1;
    CursorPos = Pos;
    return CursorLineStart;
  };
  struct Marked {
    llvm::SMLoc Finding;
    unsigned Above; ///< 0: the finding's line, 1: the line before.
    llvm::SmallVector<unsigned, 2> Codes;
  };
  llvm::SmallVector<Marked, 4> Candidates;
  llvm::DenseSet<size_t> Searched;
  size_t LastStart = llvm::StringRef::npos;
  for (const Diagnostic &D : Diags) {
    // Only the findings apply() may drop are searched near.
    if (!D.Range.Start.isValid() || !D.code() || !isAcceptable(D.code()) ||
        SM.FindBufferContainingLoc(D.Range.Start) != BufferID)
      continue;
    size_t Start = LineStart(D.Range.Start.getPointer() - Text.data());
    // The lines of the finding before were searched already.
    if (Start == LastStart)
      continue;
    LastStart = Start;
    for (unsigned Above = 0; Above < 2; ++Above) {
      if (Searched.insert(Start).second) {
        forEachSuppressionComment(
            Text.slice(Start, Text.find('\n', Start)),
            [&](size_t, llvm::SmallVector<unsigned, 2> &&Codes) {
              Candidates.push_back({D.Range.Start, Above, std::move(Codes)});
            });
      }
      if (Start == 0)
        break;
      Start = LineStart(Start - 1);
    }
  }
  // Candidates follow the findings, in source order: the resolver counts
  // lines forward.
  LocationResolver Lines(Known);
  for (Marked &M : Candidates) {
    unsigned Line = Lines.lineAndColumn(SM, BufferID, M.Finding).first;
    S.ByLine[Line - M.Above].Codes = std::move(M.Codes);
  }
  return S;
}

Suppressions::Comment *Suppressions::coverer(unsigned Line, unsigned Code) {
  for (unsigned L : {Line, Line - 1}) {
    auto It = ByLine.find(L);
    if (It != ByLine.end() && (It->second.Codes.empty() ||
                               llvm::is_contained(It->second.Codes, Code)))
      return &It->second;
  }
  return nullptr;
}

bool Suppressions::covers(unsigned Line, unsigned Code) const {
  return const_cast<Suppressions *>(this)->coverer(Line, Code) != nullptr;
}

unsigned Suppressions::apply(const llvm::SourceMgr &SM, unsigned BufferID,
                             std::vector<Diagnostic> &Diags,
                             const LineIndex *Known) {
  if (empty())
    return 0;
  // Lines counted forward, as the printers count them: SourceMgr finds a
  // line's number from its table but then its column by searching back to
  // the line's start, for each finding of a long line.
  LocationResolver Lines(Known);
  size_t Before = Diags.size();
  llvm::erase_if(Diags, [&](const Diagnostic &D) {
    if (!D.Range.Start.isValid() || !D.code() || !isAcceptable(D.code()) ||
        SM.FindBufferContainingLoc(D.Range.Start) != BufferID)
      return false;
    unsigned Line = Lines.lineAndColumn(SM, BufferID, D.Range.Start).first;
    Comment *C = coverer(Line, D.code());
    if (C)
      C->Used = true;
    return C != nullptr;
  });
  return static_cast<unsigned>(Before - Diags.size());
}

void Suppressions::reportUnused(
    const llvm::SourceMgr &SM, unsigned BufferID,
    llvm::function_ref<bool(llvm::ArrayRef<unsigned>)> Judge,
    std::vector<Diagnostic> &Diags) const {
  llvm::StringRef Text = SM.getMemoryBuffer(BufferID)->getBuffer();
  std::vector<const Comment *> Unused;
  for (const auto &Entry : ByLine)
    if (!Entry.second.Used && Judge(Entry.second.Codes))
      Unused.push_back(&Entry.second);
  llvm::sort(Unused, [](const Comment *A, const Comment *B) {
    return A->LineStart < B->LineStart;
  });
  for (const Comment *C : Unused) {
    llvm::StringRef Line =
        Text.slice(C->LineStart, Text.find('\n', C->LineStart));
    size_t At = Line.find(SuppressionMarker);
    if (At == llvm::StringRef::npos)
      continue;
    const char *Begin = Line.data() + At;
    const char *End = Line.rtrim(" \t\r").end();
    Diagnostic D =
        Diagnostic::make(DiagID::warn_unused_suppression,
                         llvm::SMRange(llvm::SMLoc::getFromPointer(Begin),
                                       llvm::SMLoc::getFromPointer(End)));
    std::vector<std::string> Named;
    for (unsigned Code : C->Codes)
      if (Code)
        Named.push_back(formatDiagCode(Code));
    if (C->Codes.empty())
      D.note(DiagID::note_suppression_every_code, {});
    else if (!Named.empty())
      D.note(DiagID::note_suppression_codes, {}, {DiagArg::list(Named)});
    // A misspelt code (0) is shown by the range, which covers the comment.
    if (llvm::is_contained(C->Codes, 0u))
      D.note(DiagID::note_suppression_not_a_code, {});
    Diags.push_back(std::move(D));
  }
}
