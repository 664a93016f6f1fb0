//===- TextDiagnosticPrinter.cpp - clang-style text diagnostics -----------===//

#include "tcgen05/Frontend/DiagnosticPrinters.h"
#include "tcgen05/Frontend/TerminalText.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace tcgen05;

namespace {

llvm::SourceMgr::DiagKind toDiagKind(Severity S) {
  switch (S) {
  case Severity::Error:
    return llvm::SourceMgr::DK_Error;
  case Severity::Warning:
    return llvm::SourceMgr::DK_Warning;
  case Severity::Remark:
    return llvm::SourceMgr::DK_Remark;
  case Severity::Note:
    return llvm::SourceMgr::DK_Note;
  }
  return llvm::SourceMgr::DK_Error;
}

/// S as it may be written to a terminal.
std::string safe(llvm::StringRef S) {
  return needsTerminalEscape(S) ? escapeForTerminal(S) : S.str();
}

/// A diagnostic's text before it is written, colored as the printer is
/// told: a string has no terminal to ask.
class DiagnosticText : public llvm::raw_svector_ostream {
public:
  DiagnosticText(llvm::SmallVectorImpl<char> &Text, bool Colors)
      : llvm::raw_svector_ostream(Text), Colors(Colors) {
    enable_colors(Colors);
  }
  bool has_colors() const override { return Colors; }

private:
  bool Colors;
};

class TextDiagnosticPrinter : public DiagnosticConsumer {
public:
  TextDiagnosticPrinter(llvm::raw_ostream &Out, bool Colors)
      : Out(Out), Colors(Colors) {}

  void beginBatch(const LineIndex *Lines) override {
    Locations = LocationResolver(Lines);
  }

  void handleDiagnostic(const llvm::SourceMgr *SM,
                        const Diagnostic &D) override {
    std::string Msg = D.Message;
    if (unsigned Code = D.code())
      Msg += " [" + formatDiagCode(Code) + "]";
    // The flag that silences a diagnostic, as clang names it; a warning
    // made an error says so.
    llvm::StringRef Group = diagGroup(D.ID);
    bool Promoted = D.Sev == Severity::Error &&
                    getDiagInfo(D.ID).DefaultSeverity == Severity::Warning;
    if (!Group.empty())
      Msg += (Promoted ? " [-Werror,-W" : " [-W") + Group.str() + "]";
    // A diagnostic and its notes are written at once: standard error is
    // unbuffered, and written piece by piece, each finding took a system
    // call per piece.
    llvm::SmallString<1024> Text;
    DiagnosticText OS(Text, Colors);
    print(OS, SM, D.Range, D.Sev, safe(Msg), D.File, D.FixIts);
    for (const DiagNote &N : D.Notes) {
      // The CUDA source line as a location of its own, as a note in
      // another file is in clang's output: editors jump to it.
      if (N.ID == DiagID::note_cuda_source && D.CudaSource) {
        const CudaSourceLocation &C = *D.CudaSource;
        std::string At = C.File + ":" + std::to_string(C.Line) +
                         (C.Column ? ":" + std::to_string(C.Column) : "");
        print(OS, nullptr, {}, Severity::Note, safe(N.Message), At, {});
        continue;
      }
      print(OS, SM, N.Range, Severity::Note, safe(N.Message), D.File, {});
    }
    Out << Text;
  }

private:
  void print(llvm::raw_ostream &OS, const llvm::SourceMgr *SM, llvm::SMRange R,
             Severity Sev, const std::string &Msg, const std::string &File,
             llvm::ArrayRef<FixIt> FixIts) {
    if (SM && R.Start.isValid()) {
      if (unsigned ID = SM->FindBufferContainingLoc(R.Start)) {
        printWithSnippet(OS, *SM, ID, R, Sev, Msg, FixIts);
        return;
      }
    }
    // No location: 'file: error: message'.
    if (!File.empty()) {
      if (Colors)
        OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, true);
      OS << safe(File) << ": ";
      if (Colors)
        OS.resetColor();
    }
    llvm::WithColor(OS,
                    Sev == Severity::Error     ? llvm::HighlightColor::Error
                    : Sev == Severity::Warning ? llvm::HighlightColor::Warning
                                               : llvm::HighlightColor::Note,
                    Colors ? llvm::ColorMode::Enable : llvm::ColorMode::Disable)
            .get()
        << severityName(Sev) << ": ";
    if (Colors)
      OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, true);
    OS << Msg << "\n";
    if (Colors)
      OS.resetColor();
  }

  /// Prints through SMDiagnostic, but with at most a window of the source
  /// line around the caret: a line may be megabytes long.
  void printWithSnippet(llvm::raw_ostream &OS, const llvm::SourceMgr &SM,
                        unsigned ID, llvm::SMRange R, Severity Sev,
                        const std::string &Msg, llvm::ArrayRef<FixIt> FixIts) {
    constexpr size_t Window = 160;
    const llvm::MemoryBuffer *Buf = SM.getMemoryBuffer(ID);
    const char *BufStart = Buf->getBufferStart(), *BufEnd = Buf->getBufferEnd();
    const char *Caret = R.Start.getPointer();
    const char *LineStart = Locations.lineStart(BufStart, Caret);
    const char *LineEnd = Locations.lineEnd(Caret, BufEnd);
    auto [Line, Col] = Locations.lineAndColumn(SM, ID, R.Start);
    const char *From = LineStart, *To = LineEnd;
    if (static_cast<size_t>(LineEnd - LineStart) > Window) {
      From = Caret - LineStart > static_cast<ptrdiff_t>(Window / 2)
                 ? Caret - Window / 2
                 : LineStart;
      To = std::min(LineEnd, From + Window);
    }
    std::string Snippet(From, To);
    // Columns within the snippet as written: escaping a byte widens it.
    llvm::SmallVector<unsigned, 0> Map;
    bool Escaped = needsTerminalEscape(Snippet);
    if (Escaped)
      Snippet = escapeForTerminal(llvm::StringRef(From, To - From), &Map);
    auto Column = [&](const char *P) {
      unsigned K = static_cast<unsigned>(std::min(P, To) - From);
      return Escaped ? Map[K] : K;
    };
    llvm::SmallVector<std::pair<unsigned, unsigned>, 1> Ranges;
    const char *REnd = R.End.isValid() ? R.End.getPointer() : Caret;
    if (REnd > Caret + 1) {
      const char *E = std::min(REnd, To);
      if (E > Caret)
        Ranges.push_back({Column(Caret), Column(E)});
    }
    std::string Name = safe(Buf->getBufferIdentifier());
    // A fix-it is printed under the caret line, as clang prints it.
    llvm::SmallVector<llvm::SMFixIt, 1> Fixes;
    for (const FixIt &F : FixIts)
      Fixes.emplace_back(F.Range, F.Text);
    llvm::SMDiagnostic D(SM, R.Start, Name, Line,
                         static_cast<int>(Column(Caret)), toDiagKind(Sev), Msg,
                         Snippet, Ranges, Fixes);
    bool Wide = llvm::any_of(Snippet, [](char C) { return C & 0x80; });
    if (From != LineStart || Escaped || Wide) {
      // SMDiagnostic prints the caret's column within its line contents,
      // and no caret under a line with characters beyond ASCII, so a
      // window, or such a line, is printed by hand: the real column, then
      // the text with tabs as single blanks and a column per character, so
      // that the caret lines up.
      OS << Name << ":" << Line << ":" << Col << ": ";
      llvm::WithColor(OS,
                      Sev == Severity::Error     ? llvm::HighlightColor::Error
                      : Sev == Severity::Warning ? llvm::HighlightColor::Warning
                                                 : llvm::HighlightColor::Note,
                      Colors ? llvm::ColorMode::Auto : llvm::ColorMode::Disable)
              .get()
          << severityName(Sev) << ": ";
      OS << Msg << "\n";
      std::replace(Snippet.begin(), Snippet.end(), '\t', ' ');
      OS << Snippet << "\n";
      auto Shown = [&](unsigned K) {
        return static_cast<size_t>(
            llvm::count_if(llvm::StringRef(Snippet).take_front(K),
                           [](char C) { return (C & 0xC0) != 0x80; }));
      };
      std::string Caret(Shown(Column(R.Start.getPointer())), ' ');
      Caret += '^';
      if (!Ranges.empty())
        Caret.append(Shown(Ranges[0].second) - Shown(Ranges[0].first) - 1, '~');
      OS << Caret << "\n";
      return;
    }
    D.print(nullptr, OS, Colors);
  }

  llvm::raw_ostream &Out;
  bool Colors;
  LocationResolver Locations;
};

} // namespace

std::unique_ptr<DiagnosticConsumer>
tcgen05::createTextDiagnosticPrinter(llvm::raw_ostream &OS, bool Colors) {
  return std::make_unique<TextDiagnosticPrinter>(OS, Colors);
}
