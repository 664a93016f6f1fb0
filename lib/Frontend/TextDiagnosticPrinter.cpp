//===- TextDiagnosticPrinter.cpp - clang-style text diagnostics -----------===//

#include "tcgen05/Frontend/DiagnosticPrinters.h"

#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

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

class TextDiagnosticPrinter : public DiagnosticConsumer {
public:
  TextDiagnosticPrinter(llvm::raw_ostream &OS, bool Colors)
      : OS(OS), Colors(Colors) {}

  void handleDiagnostic(const llvm::SourceMgr *SM,
                        const Diagnostic &D) override {
    std::string Msg = D.Message;
    if (unsigned Code = D.code())
      Msg += " [" + formatDiagCode(Code) + "]";
    print(SM, D.Range, D.Sev, Msg, D.File);
    for (const DiagNote &N : D.Notes)
      print(SM, N.Range, Severity::Note, N.Message, D.File);
  }

private:
  void print(const llvm::SourceMgr *SM, llvm::SMRange R, Severity Sev,
             const std::string &Msg, const std::string &File) {
    if (SM && R.Start.isValid() && SM->FindBufferContainingLoc(R.Start)) {
      llvm::SmallVector<llvm::SMRange, 1> Ranges;
      // A range that spans lines would underline the wrong text: underline
      // only what is on the caret's line.
      if (R.End.isValid() && R.End.getPointer() > R.Start.getPointer() + 1) {
        const char *E = R.Start.getPointer();
        while (E < R.End.getPointer() && *E != '\n' && *E != '\r')
          ++E;
        Ranges.push_back(llvm::SMRange(R.Start, llvm::SMLoc::getFromPointer(E)));
      }
      SM->PrintMessage(OS, R.Start, toDiagKind(Sev), Msg, Ranges, {}, Colors);
      return;
    }
    // No location: 'file: error: message'.
    if (!File.empty()) {
      if (Colors)
        OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, true);
      OS << File << ": ";
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

  llvm::raw_ostream &OS;
  bool Colors;
};

} // namespace

std::unique_ptr<DiagnosticConsumer>
tcgen05::createTextDiagnosticPrinter(llvm::raw_ostream &OS, bool Colors) {
  return std::make_unique<TextDiagnosticPrinter>(OS, Colors);
}
