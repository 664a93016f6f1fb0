//===- JSONDiagnosticPrinter.cpp - Machine-readable diagnostics -----------===//

#include "tcgen05/Frontend/DiagnosticPrinters.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {

llvm::json::Object locationObject(LocationResolver &Locations,
                                  const llvm::SourceMgr *SM, llvm::SMRange R,
                                  const std::string &File) {
  llvm::json::Object O;
  ResolvedLocation L;
  if (Locations.resolve(SM, R, L)) {
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

class JSONDiagnosticPrinter : public DiagnosticConsumer {
public:
  explicit JSONDiagnosticPrinter(llvm::raw_ostream &OS) : OS(OS) {}

  void handleDiagnostic(const llvm::SourceMgr *SM,
                        const Diagnostic &D) override {
    llvm::json::Object O = locationObject(Locations, SM, D.Range, D.File);
    O["severity"] = severityName(D.Sev);
    O["code"] = formatDiagCode(D.code());
    O["name"] = getDiagInfo(D.ID).Name;
    O["message"] = D.Message;
    llvm::json::Array Notes;
    for (const DiagNote &N : D.Notes) {
      llvm::json::Object NO = locationObject(Locations, SM, N.Range, "");
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
  LocationResolver Locations;
};

} // namespace

std::unique_ptr<DiagnosticConsumer>
tcgen05::createJSONDiagnosticPrinter(llvm::raw_ostream &OS) {
  return std::make_unique<JSONDiagnosticPrinter>(OS);
}
