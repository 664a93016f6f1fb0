//===- SarifDiagnosticPrinter.cpp - SARIF 2.1.0 for code scanning ---------===//
//
// One run, one rule per catalogue code, one result per diagnostic; notes
// become relatedLocations.  Paths are emitted as given on the command line,
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

llvm::json::Object physicalLocation(const ResolvedLocation &L) {
  return llvm::json::Object{
      {"artifactLocation", llvm::json::Object{{"uri", fileUri(L.File)}}},
      {"region", llvm::json::Object{{"startLine", L.Line},
                                    {"startColumn", L.Column},
                                    {"endLine", L.EndLine},
                                    {"endColumn", L.EndColumn}}}};
}

class SarifDiagnosticPrinter : public DiagnosticConsumer {
public:
  SarifDiagnosticPrinter(llvm::raw_ostream &OS, llvm::StringRef Version)
      : OS(OS), Version(Version.str()) {}

  void handleDiagnostic(const llvm::SourceMgr *SM,
                        const Diagnostic &D) override {
    llvm::json::Object R;
    R["ruleId"] = formatDiagCode(D.code());
    R["ruleIndex"] = ruleIndex(D.ID);
    R["level"] = sarifLevel(D.Sev);
    R["message"] = llvm::json::Object{{"text", D.Message}};
    ResolvedLocation L;
    llvm::json::Array Locs;
    if (resolveLocation(SM, D.Range, L))
      Locs.push_back(llvm::json::Object{{"physicalLocation", physicalLocation(L)}});
    else if (!D.File.empty())
      Locs.push_back(llvm::json::Object{
          {"physicalLocation",
           llvm::json::Object{{"artifactLocation",
                               llvm::json::Object{{"uri", fileUri(D.File)}}}}}});
    R["locations"] = std::move(Locs);
    llvm::json::Array Related;
    unsigned Id = 0;
    for (const DiagNote &N : D.Notes) {
      llvm::json::Object RL{{"id", Id++},
                            {"message", llvm::json::Object{{"text", N.Message}}}};
      ResolvedLocation NL;
      if (resolveLocation(SM, N.Range, NL))
        RL["physicalLocation"] = physicalLocation(NL);
      Related.push_back(std::move(RL));
    }
    if (!Related.empty())
      R["relatedLocations"] = std::move(Related);
    Results.push_back(std::move(R));
  }

  void finish() override {
    llvm::json::Array Rules;
    for (DiagID ID : allCodedDiags()) {
      const DiagInfo &Info = getDiagInfo(ID);
      Rules.push_back(llvm::json::Object{
          {"id", formatDiagCode(Info.Code)},
          {"name", Info.Name},
          {"shortDescription", llvm::json::Object{{"text", Info.Format}}},
          {"defaultConfiguration",
           llvm::json::Object{{"level", sarifLevel(Info.DefaultSeverity)}}},
          {"helpUri", "docs/diagnostics/" + formatDiagCode(Info.Code) + ".md"}});
    }
    llvm::json::Object Driver{{"name", "tcgen05-check"},
                              {"version", Version},
                              {"semanticVersion", Version},
                              {"rules", std::move(Rules)}};
    llvm::json::Object Run{
        {"tool", llvm::json::Object{{"driver", std::move(Driver)}}},
        {"columnKind", "unicodeCodePoints"},
        {"results", std::move(Results)}};
    llvm::json::Object Log{
        {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
        {"version", "2.1.0"},
        {"runs", llvm::json::Array{std::move(Run)}}};
    OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Log))) << "\n";
    OS.flush();
  }

private:
  static unsigned ruleIndex(DiagID ID) {
    llvm::ArrayRef<DiagID> All = allCodedDiags();
    return static_cast<unsigned>(llvm::find(All, ID) - All.begin());
  }

  llvm::raw_ostream &OS;
  std::string Version;
  llvm::json::Array Results;
};

} // namespace

std::unique_ptr<DiagnosticConsumer>
tcgen05::createSarifDiagnosticPrinter(llvm::raw_ostream &OS,
                                      llvm::StringRef ToolVersion) {
  return std::make_unique<SarifDiagnosticPrinter>(OS, ToolVersion);
}
