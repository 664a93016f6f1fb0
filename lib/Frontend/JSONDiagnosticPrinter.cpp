//===- JSONDiagnosticPrinter.cpp - Machine-readable diagnostics -----------===//

#include "tcgen05/Frontend/DiagnosticPrinters.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {

/// Streams the document: each diagnostic is written when it arrives and
/// nothing of it is kept.  Keys are written in sorted order, the order a
/// printed json::Object has.
class JSONDiagnosticPrinter : public DiagnosticConsumer {
public:
  explicit JSONDiagnosticPrinter(llvm::raw_ostream &OS)
      : OS(OS), J(OS, /*IndentSize=*/2) {}

  void handleDiagnostic(const llvm::SourceMgr *SM,
                        const Diagnostic &D) override {
    begin();
    J.object([&] {
      J.attribute("code", formatDiagCode(D.code()));
      location(SM, D.Range, D.File);
      J.attribute("message", D.Message);
      J.attribute("name", getDiagInfo(D.ID).Name);
      J.attributeArray("notes", [&] {
        for (const DiagNote &N : D.Notes)
          J.object([&] {
            location(SM, N.Range, "");
            J.attribute("message", N.Message);
          });
      });
      J.attribute("severity", severityName(D.Sev));
    });
  }

  void finish() override {
    begin();
    J.arrayEnd();
    J.attributeEnd();
    J.attribute("version", 1);
    J.objectEnd();
    OS << "\n";
    OS.flush();
  }

private:
  void begin() {
    if (Begun)
      return;
    Begun = true;
    J.objectBegin();
    J.attributeBegin("diagnostics");
    J.arrayBegin();
  }

  /// column, endColumn, endLine, file, line: the keys that sort between
  /// "code" and "message".
  void location(const llvm::SourceMgr *SM, llvm::SMRange R,
                const std::string &File) {
    ResolvedLocation L;
    if (Locations.resolve(SM, R, L)) {
      J.attribute("column", L.Column);
      J.attribute("endColumn", L.EndColumn);
      J.attribute("endLine", L.EndLine);
      J.attribute("file", L.File);
      J.attribute("line", L.Line);
    } else if (!File.empty()) {
      J.attribute("file", File);
    }
  }

  llvm::raw_ostream &OS;
  llvm::json::OStream J;
  bool Begun = false;
  LocationResolver Locations;
};
} // namespace

std::unique_ptr<DiagnosticConsumer>
tcgen05::createJSONDiagnosticPrinter(llvm::raw_ostream &OS) {
  return std::make_unique<JSONDiagnosticPrinter>(OS);
}
