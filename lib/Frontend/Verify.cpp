//===- Verify.cpp - expected-error style inline expectations --------------===//

#include "tcgen05/Frontend/Verify.h"

#include "tcgen05/Frontend/DiagnosticPrinters.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {

struct Expectation {
  Severity Sev;
  std::string File;
  unsigned Line;
  unsigned Column; ///< 0: any column.
  std::string Text;
  unsigned DirectiveLine;
  bool Matched = false;
};

/// Parses the expectations of one buffer.  Malformed ones are reported
/// through Problems.
void parseExpectations(const llvm::MemoryBuffer &Buf,
                       std::vector<Expectation> &Out, bool &NoDiagnostics,
                       std::vector<std::string> &Problems) {
  llvm::StringRef Text = Buf.getBuffer();
  std::string File = Buf.getBufferIdentifier().str();
  unsigned LineNo = 0;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    ++LineNo;
    size_t Comment = Line.find("//");
    if (Comment == llvm::StringRef::npos)
      continue;
    llvm::StringRef C = Line.drop_front(Comment + 2);
    for (size_t P; (P = C.find("expected-")) != llvm::StringRef::npos;) {
      C = C.drop_front(P + 9);
      Severity Sev;
      if (C.consume_front("error"))
        Sev = Severity::Error;
      else if (C.consume_front("warning"))
        Sev = Severity::Warning;
      else if (C.consume_front("note"))
        Sev = Severity::Note;
      else if (C.consume_front("remark"))
        Sev = Severity::Remark;
      else if (C.consume_front("no-diagnostics")) {
        NoDiagnostics = true;
        continue;
      } else
        continue;
      unsigned Target = LineNo, Column = 0;
      if (C.consume_front("@")) {
        bool Plus = C.consume_front("+"), Minus = !Plus && C.consume_front("-");
        unsigned N = 0;
        if (C.consumeInteger(10, N)) {
          Problems.push_back(File + ":" + std::to_string(LineNo) +
                             ": bad line in expectation");
          continue;
        }
        Target = Plus ? LineNo + N : Minus ? LineNo - N : N;
        if (C.consume_front(":") && C.consumeInteger(10, Column)) {
          Problems.push_back(File + ":" + std::to_string(LineNo) +
                             ": bad column in expectation");
          continue;
        }
      }
      C = C.ltrim();
      size_t Open = C.find("{{"), Close = C.find("}}");
      if (!C.starts_with("{{") || Close == llvm::StringRef::npos ||
          Close < Open) {
        Problems.push_back(File + ":" + std::to_string(LineNo) +
                           ": expectation without {{text}}");
        continue;
      }
      Out.push_back(Expectation{Sev, File, Target, Column,
                                C.slice(2, Close).str(), LineNo});
      C = C.drop_front(Close + 2);
    }
  }
}

} // namespace

void VerifyDiagnosticConsumer::handleDiagnostic(const llvm::SourceMgr *SM,
                                                const Diagnostic &D) {
  // A note without a location of its own belongs to its diagnostic's line.
  auto Add = [&](Severity Sev, llvm::SMRange R, std::string Text,
                 const std::string &File) {
    Seen S{Sev, File, 0, 0, std::move(Text)};
    ResolvedLocation L;
    if (Locations.resolve(SM, R, L) || Locations.resolve(SM, D.Range, L)) {
      S.File = L.File;
      S.Line = L.Line;
      S.Column = L.Column;
    }
    Reported.push_back(std::move(S));
  };
  std::string Text = D.Message;
  if (unsigned Code = D.code())
    Text += " [" + formatDiagCode(Code) + "]";
  Add(D.Sev, D.Range, Text, D.File);
  for (const DiagNote &N : D.Notes)
    Add(Severity::Note, N.Range, N.Message, D.File);
}

unsigned VerifyDiagnosticConsumer::verify(const llvm::SourceMgr &SM,
                                          llvm::raw_ostream &OS) {
  std::vector<Expectation> Expected;
  std::vector<std::string> Problems;
  bool NoDiagnostics = false;
  for (unsigned ID = 1; ID <= SM.getNumBuffers(); ++ID)
    parseExpectations(*SM.getMemoryBuffer(ID), Expected, NoDiagnostics,
                      Problems);
  unsigned Failures = 0;
  for (const std::string &P : Problems) {
    OS << "error: " << P << "\n";
    ++Failures;
  }
  if (Expected.empty() && !NoDiagnostics && Reported.empty()) {
    OS << "error: no expected diagnostics and no 'expected-no-diagnostics'\n";
    ++Failures;
  }
  // Notes are part of the contract only for files that state some: rule
  // files check errors, and would otherwise repeat every "see PTX ISA".
  bool CheckNotes = llvm::any_of(
      Expected, [](const Expectation &E) { return E.Sev == Severity::Note; });
  std::vector<bool> Used(Reported.size(), false);
  for (Expectation &E : Expected) {
    for (size_t I = 0; I < Reported.size(); ++I) {
      const Seen &S = Reported[I];
      if (Used[I] || S.Sev != E.Sev || S.Line != E.Line || S.File != E.File ||
          (E.Column && S.Column != E.Column) ||
          S.Text.find(E.Text) == std::string::npos)
        continue;
      Used[I] = true;
      E.Matched = true;
      break;
    }
    if (!E.Matched) {
      OS << E.File << ":" << E.DirectiveLine << ": expected "
         << severityName(E.Sev) << " not seen on line " << E.Line;
      if (E.Column)
        OS << ", column " << E.Column;
      OS << ": {{" << E.Text << "}}\n";
      ++Failures;
    }
  }
  for (size_t I = 0; I < Reported.size(); ++I) {
    if (Used[I] || (!CheckNotes && Reported[I].Sev == Severity::Note))
      continue;
    const Seen &S = Reported[I];
    OS << S.File << ":" << S.Line << ":" << S.Column << ": unexpected "
       << severityName(S.Sev) << ": " << S.Text << "\n";
    ++Failures;
  }
  return Failures;
}
