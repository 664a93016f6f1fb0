//===- GitHubDiagnosticPrinter.cpp - GitHub Actions workflow commands -----===//
//
// One workflow command per diagnostic ("::error file=k.ptx,line=8,col=15,
// endColumn=27,title=TC3105::message"), which GitHub Actions shows as an
// annotation on the line of the pull request's diff.  Notes join the
// message, one line each: an annotation has no notes of its own.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Frontend/DiagnosticPrinters.h"

#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {

/// The escaping of a command's message ('%', CR and LF), and of its
/// properties (also ':' and ',').
std::string escape(llvm::StringRef S, bool Property) {
  std::string Out;
  for (char C : S) {
    switch (C) {
    case '%':
      Out += "%25";
      break;
    case '\r':
      Out += "%0D";
      break;
    case '\n':
      Out += "%0A";
      break;
    case ':':
      Out += Property ? "%3A" : ":";
      break;
    case ',':
      Out += Property ? "%2C" : ",";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

/// Remarks and notes have no command of their own: notices.
llvm::StringRef commandOf(Severity S) {
  return S == Severity::Error     ? "error"
         : S == Severity::Warning ? "warning"
                                  : "notice";
}

class GitHubDiagnosticPrinter : public DiagnosticConsumer {
public:
  explicit GitHubDiagnosticPrinter(llvm::raw_ostream &OS) : OS(OS) {}

  void beginBatch(const LineIndex *Lines) override {
    Locations = LocationResolver(Lines);
  }

  void handleDiagnostic(const llvm::SourceMgr *SM,
                        const Diagnostic &D) override {
    OS << "::" << commandOf(D.Sev) << ' ';
    ResolvedLocation L;
    bool Located = Locations.resolve(SM, D.Range, L);
    std::string File = Located ? L.File : D.File;
    std::string Props;
    if (!File.empty())
      Props += "file=" + escape(File, true) + ",";
    if (Located) {
      Props +=
          "line=" + std::to_string(L.Line) + ",col=" + std::to_string(L.Column);
      // The range's last column (the resolver's end is one past it).
      if (L.EndLine == L.Line && L.EndColumn > L.Column + 1)
        Props += ",endColumn=" + std::to_string(L.EndColumn - 1);
      else if (L.EndLine > L.Line)
        Props += ",endLine=" + std::to_string(L.EndLine);
      Props += ",";
    }
    Props += "title=" + escape(formatDiagCode(D.code()), true);
    std::string Message = D.Message;
    for (const DiagNote &N : D.Notes) {
      Message += "\nnote: ";
      ResolvedLocation NL;
      if (NotesAt.resolve(SM, N.Range, NL))
        Message += NL.File + ":" + std::to_string(NL.Line) + ":" +
                   std::to_string(NL.Column) + ": ";
      Message += N.Message;
    }
    OS << Props << "::" << escape(Message, false) << '\n';
  }

private:
  llvm::raw_ostream &OS;
  LocationResolver Locations, NotesAt;
};

} // namespace

std::unique_ptr<DiagnosticConsumer>
tcgen05::createGitHubDiagnosticPrinter(llvm::raw_ostream &OS) {
  return std::make_unique<GitHubDiagnosticPrinter>(OS);
}
