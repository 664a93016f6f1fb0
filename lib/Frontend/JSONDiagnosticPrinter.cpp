//===- JSONDiagnosticPrinter.cpp - Machine-readable diagnostics -----------===//

#include "tcgen05/Frontend/DiagnosticPrinters.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {

llvm::json::Object locationObject(const llvm::SourceMgr *SM, llvm::SMRange R,
                                  const std::string &File) {
  llvm::json::Object O;
  ResolvedLocation L;
  if (resolveLocation(SM, R, L)) {
    O["file"] = L.File;
    O["line"] = L.Line;
    O["column"] = L.Column;
    O["endLine"] = L.EndLine;
    O["endColumn"] = L.EndColumn;
  } else if (!File.empty()) {
    O["file"] = File;
  }
  return O;
}

/// The catalogue arguments of D, each with the kind its placeholder gives
/// it, so tools need not parse the message.
llvm::json::Array argumentsArray(const Diagnostic &D) {
  std::vector<DiagArgKind> Kinds(D.Args.size(), DiagArgKind::Text);
  if (auto Ps = diagPlaceholders(D.ID))
    for (const DiagPlaceholder &P : *Ps)
      if (P.Index < Kinds.size())
        Kinds[P.Index] = P.Kind;
  llvm::json::Array Out;
  for (size_t I = 0; I < D.Args.size(); ++I) {
    const DiagArg &A = D.Args[I];
    llvm::json::Object O;
    llvm::StringRef Kind = diagArgKindName(Kinds[I]);
    O["kind"] = Kind.empty() ? "text" : Kind;
    switch (A.shape()) {
    case DiagArg::Shape::Integer:
      // Descriptors are 64-bit: hex text keeps them exact.
      if (Kinds[I] == DiagArgKind::Hex)
        O["value"] = A.format(DiagArgKind::Hex);
      else
        O["value"] = A.value();
      break;
    case DiagArg::Shape::Range:
      O["value"] = llvm::json::Array{A.value(), A.high()};
      break;
    case DiagArg::Shape::List:
      O["value"] = llvm::json::Array(A.items());
      break;
    case DiagArg::Shape::String:
      O["value"] = A.str();
      break;
    }
    Out.push_back(std::move(O));
  }
  return Out;
}

class JSONDiagnosticPrinter : public DiagnosticConsumer {
public:
  explicit JSONDiagnosticPrinter(llvm::raw_ostream &OS) : OS(OS) {}

  void handleDiagnostic(const llvm::SourceMgr *SM,
                        const Diagnostic &D) override {
    llvm::json::Object O = locationObject(SM, D.Range, D.File);
    O["severity"] = severityName(D.Sev);
    O["code"] = formatDiagCode(D.code());
    O["name"] = getDiagInfo(D.ID).Name;
    O["message"] = D.Message;
    O["args"] = argumentsArray(D);
    llvm::json::Array Notes;
    for (const DiagNote &N : D.Notes) {
      llvm::json::Object NO = locationObject(SM, N.Range, "");
      NO["message"] = N.Message;
      Notes.push_back(std::move(NO));
    }
    O["notes"] = std::move(Notes);
    Diags.push_back(std::move(O));
  }

  void finish() override {
    llvm::json::Object Doc;
    Doc["version"] = 1;
    Doc["diagnostics"] = std::move(Diags);
    OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Doc))) << "\n";
    OS.flush();
  }

private:
  llvm::raw_ostream &OS;
  llvm::json::Array Diags;
};

} // namespace

std::unique_ptr<DiagnosticConsumer>
tcgen05::createJSONDiagnosticPrinter(llvm::raw_ostream &OS) {
  return std::make_unique<JSONDiagnosticPrinter>(OS);
}
