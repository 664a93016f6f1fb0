//===- SarifDiagnosticPrinter.cpp - SARIF 2.1.0 for code scanning ---------===//
//
// One run, one rule per catalogue code, one result per diagnostic; notes
// become relatedLocations.  The log is streamed: a result is written when
// its diagnostic arrives and nothing of it is kept.  Paths are emitted as given on the command line,
// relative paths resolve against the repository root in CI.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Frontend/DiagnosticPrinters.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {

llvm::StringRef sarifLevel(Severity S) {
  switch (S) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Remark:
  case Severity::Note:
    return "note";
  }
  return "error";
}

std::string fileUri(llvm::StringRef Path) {
  // SARIF wants URI references; relative paths stay relative.
  std::string Out;
  for (char C : Path) {
    if (C == ' ')
      Out += "%20";
    else if (C == '\\')
      Out += '/';
    else
      Out += C;
  }
  return Out;
}

void physicalLocation(llvm::json::OStream &J, const ResolvedLocation &L) {
  J.attributeObject("physicalLocation", [&] {
    J.attributeObject("artifactLocation",
                      [&] { J.attribute("uri", fileUri(L.File)); });
    J.attributeObject("region", [&] {
      J.attribute("startLine", L.Line);
      J.attribute("startColumn", L.Column);
      J.attribute("endLine", L.EndLine);
      J.attribute("endColumn", L.EndColumn);
    });
  });
}

/// Streams the log: the rules go out before the first result, each result
/// as it arrives, so memory does not grow with the number of diagnostics.
class SarifDiagnosticPrinter : public DiagnosticConsumer {
public:
  SarifDiagnosticPrinter(llvm::raw_ostream &OS, llvm::StringRef Version)
      : OS(OS), J(OS, /*IndentSize=*/2), Version(Version.str()) {}

  void handleDiagnostic(const llvm::SourceMgr *SM,
                        const Diagnostic &D) override {
    begin();
    J.object([&] {
      J.attribute("ruleId", formatDiagCode(D.code()));
      J.attribute("ruleIndex", ruleIndex(D.ID));
      J.attribute("level", sarifLevel(D.Sev));
      J.attributeObject("message", [&] { J.attribute("text", D.Message); });
      J.attributeArray("locations", [&] {
        ResolvedLocation L;
        if (Locations.resolve(SM, D.Range, L))
          J.object([&] { physicalLocation(J, L); });
        else if (!D.File.empty())
          J.object([&] {
            J.attributeObject("physicalLocation", [&] {
              J.attributeObject("artifactLocation",
                                [&] { J.attribute("uri", fileUri(D.File)); });
            });
          });
      });
      if (D.Notes.empty())
        return;
      J.attributeArray("relatedLocations", [&] {
        unsigned Id = 0;
        for (const DiagNote &N : D.Notes)
          J.object([&] {
            J.attribute("id", Id++);
            J.attributeObject("message",
                              [&] { J.attribute("text", N.Message); });
            ResolvedLocation NL;
            if (Locations.resolve(SM, N.Range, NL))
              physicalLocation(J, NL);
          });
      });
    });
  }

  void finish() override {
    begin();
    J.arrayEnd(); // results
    J.attributeEnd();
    J.objectEnd(); // the run
    J.arrayEnd();  // runs
    J.attributeEnd();
    J.objectEnd(); // the log
    OS << "\n";
    OS.flush();
  }

private:
  /// Writes everything up to the first result, once.
  void begin() {
    if (Begun)
      return;
    Begun = true;
    J.objectBegin();
    J.attribute("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
    J.attribute("version", "2.1.0");
    J.attributeBegin("runs");
    J.arrayBegin();
    J.objectBegin();
    J.attributeObject("tool", [&] {
      J.attributeObject("driver", [&] {
        J.attribute("name", "tcgen05-check");
        J.attribute("version", Version);
        J.attribute("semanticVersion", Version);
        J.attributeArray("rules", [&] {
          for (DiagID ID : allCodedDiags())
            rule(getDiagInfo(ID));
        });
      });
    });
    J.attribute("columnKind", "unicodeCodePoints");
    J.attributeBegin("results");
    J.arrayBegin();
  }

  void rule(const DiagInfo &Info) {
    J.object([&] {
      J.attribute("id", formatDiagCode(Info.Code));
      J.attribute("name", Info.Name);
      J.attributeObject("shortDescription",
                        [&] { J.attribute("text", Info.Format); });
      J.attributeObject("defaultConfiguration", [&] {
        J.attribute("level", sarifLevel(Info.DefaultSeverity));
      });
      J.attribute("helpUri",
                  "docs/diagnostics/" + formatDiagCode(Info.Code) + ".md");
    });
  }

  static unsigned ruleIndex(DiagID ID) {
    llvm::ArrayRef<DiagID> All = allCodedDiags();
    return static_cast<unsigned>(llvm::find(All, ID) - All.begin());
  }

  llvm::raw_ostream &OS;
  llvm::json::OStream J;
  std::string Version;
  bool Begun = false;
  LocationResolver Locations;
};

} // namespace

std::unique_ptr<DiagnosticConsumer>
tcgen05::createSarifDiagnosticPrinter(llvm::raw_ostream &OS,
                                      llvm::StringRef ToolVersion) {
  return std::make_unique<SarifDiagnosticPrinter>(OS, ToolVersion);
}
