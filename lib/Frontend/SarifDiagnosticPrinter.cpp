//===- SarifDiagnosticPrinter.cpp - SARIF 2.1.0 for code scanning ---------===//
//
// One run, one result per finding, one rule per code the results use;
// notes become relatedLocations, problems of the run notifications.  The log is
// streamed: a result is written when its diagnostic arrives and nothing of it
// is kept.  Paths are emitted as given on the command line, so relative paths
// resolve against the repository root in CI.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Frontend/DiagnosticPrinters.h"

#include "tcgen05/Frontend/Explain.h"
#include "tcgen05/Frontend/Fingerprint.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
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
  // SARIF wants URI references (RFC 3986): relative paths stay relative,
  // absolute ones become file URIs, and every byte but the unreserved ones
  // and '/' is percent-encoded ('#' would start a fragment, '%' an escape).
  // A backslash separates directories only where the system says so: on
  // POSIX it is part of a name.
  std::string Out = Path.starts_with("/") ? "file://" : "";
  for (char C : Path) {
    unsigned char U = static_cast<unsigned char>(C);
    if (C == '\\' && llvm::sys::path::is_separator(C))
      Out += '/';
    else if (llvm::isAlnum(C) || C == '-' || C == '.' || C == '_' || C == '~' ||
             C == '/')
      Out += C;
    else
      Out += "%" + llvm::utohexstr(U, /*LowerCase=*/false, /*Width=*/2);
  }
  return Out;
}

/// The section of a documentation page under Heading, without the heading.
llvm::StringRef pageSection(llvm::StringRef Page, llvm::StringRef Heading) {
  size_t At = Page.find("\n## " + Heading.str() + "\n");
  if (At == llvm::StringRef::npos)
    return {};
  llvm::StringRef Rest = Page.drop_front(At + Heading.size() + 5);
  return Rest.take_front(Rest.find("\n## ")).trim();
}

/// The one-line summary a page's title gives: "# TC6004: <summary>".
std::string pageSummary(llvm::StringRef Page, const DiagInfo &Info) {
  llvm::StringRef Title = Page.take_until([](char C) { return C == '\n'; });
  size_t Colon = Title.find(": ");
  if (Title.starts_with("# ") && Colon != llvm::StringRef::npos)
    return Title.drop_front(Colon + 2).trim().str();
  return Info.Format.str();
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

/// Streams the log: each result as it arrives, so memory does not grow
/// with the number of diagnostics, then the tool with the rules the results
/// used (their pages are kilobytes each), and the invocation with the
/// problems that are no finding in a file (usage, I/O) as notifications.
/// SARIF's objects are unordered, so "tool" may follow "results".
class SarifDiagnosticPrinter : public DiagnosticConsumer {
public:
  SarifDiagnosticPrinter(llvm::raw_ostream &OS, llvm::StringRef Version,
                         llvm::StringRef HelpBase)
      : OS(OS), J(OS, /*IndentSize=*/2), Version(Version.str()),
        HelpBase(HelpBase.str()) {
    if (!this->HelpBase.empty() && this->HelpBase.back() != '/')
      this->HelpBase += '/';
  }

  void beginBatch(const LineIndex *Lines) override {
    Locations = LocationResolver(Lines);
    Prints.beginBatch(Lines);
  }

  void handleDiagnostic(const llvm::SourceMgr *SM,
                        const Diagnostic &D) override {
    begin();
    ResolvedLocation L;
    bool Located = Locations.resolve(SM, D.Range, L);
    if (!Located && isToolProblem(D)) {
      Notifications.push_back(D);
      return;
    }
    J.object([&] {
      J.attribute("ruleId", formatDiagCode(D.code()));
      J.attribute("ruleIndex", ruleIndex(D.ID));
      J.attribute("level", sarifLevel(D.Sev));
      J.attributeObject("message", [&] { J.attribute("text", D.Message); });
      // Code scanning matches results across commits by this.
      J.attributeObject("partialFingerprints", [&] {
        J.attribute("tcgen05Check/v1", Prints.next(SM, D));
      });
      J.attributeArray("locations", [&] {
        if (Located)
          J.object([&] { physicalLocation(J, L); });
        else if (!D.File.empty())
          J.object([&] { artifactOnly(D.File); });
      });
      if (!D.FixIts.empty())
        fixes(SM, D);
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
            else if (N.ID == DiagID::note_cuda_source && D.CudaSource)
              cudaLocation(*D.CudaSource);
          });
      });
    });
  }

  /// SARIF 2.1.0 fixes: one fix replacing each fix-it's region.
  void fixes(const llvm::SourceMgr *SM, const Diagnostic &D) {
    J.attributeArray("fixes", [&] {
      for (const FixIt &F : D.FixIts) {
        ResolvedLocation L;
        if (!Locations.resolve(SM, F.Range, L))
          continue;
        J.object([&] {
          J.attributeObject("description", [&] {
            J.attribute("text", "Replace with '" + F.Text + "'");
          });
          J.attributeArray("artifactChanges", [&] {
            J.object([&] {
              J.attributeObject("artifactLocation",
                                [&] { J.attribute("uri", fileUri(L.File)); });
              J.attributeArray("replacements", [&] {
                J.object([&] {
                  J.attributeObject("deletedRegion", [&] {
                    J.attribute("startLine", L.Line);
                    J.attribute("startColumn", L.Column);
                    J.attribute("endLine", L.EndLine);
                    J.attribute("endColumn", L.EndColumn);
                  });
                  J.attributeObject("insertedContent",
                                    [&] { J.attribute("text", F.Text); });
                });
              });
            });
          });
        });
      }
    });
  }

  void finish() override {
    begin();
    J.arrayEnd(); // results
    J.attributeEnd();
    J.attributeObject("tool", [&] {
      J.attributeObject("driver", [&] {
        J.attribute("name", "tcgen05-check");
        J.attribute("version", Version);
        J.attribute("semanticVersion", Version);
        if (std::string Uri = informationUri(); !Uri.empty())
          J.attribute("informationUri", Uri);
        J.attributeArray("rules", [&] {
          for (DiagID ID : UsedRules)
            rule(getDiagInfo(ID));
        });
      });
    });
    J.attributeArray("invocations", [&] { invocation(); });
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
    J.attribute("columnKind", "unicodeCodePoints");
    J.attributeBegin("results");
    J.arrayBegin();
  }

  /// A problem of the run rather than of a file's text: the command line
  /// (TC01xx), or an input or output as a whole (TC00xx without a line).
  static bool isToolProblem(const Diagnostic &D) {
    return D.code() < FirstLexicalCode;
  }

  /// The run, and what went wrong in it besides findings.  A usage problem
  /// names the tool, not a file, so it gets no location.
  void invocation() {
    bool Failed = llvm::any_of(Notifications, [](const Diagnostic &D) {
      return D.Sev == Severity::Error;
    });
    J.object([&] {
      J.attribute("executionSuccessful", !Failed);
      if (Notifications.empty())
        return;
      J.attributeArray("toolExecutionNotifications", [&] {
        for (const Diagnostic &D : Notifications)
          J.object([&] {
            J.attributeObject("descriptor", [&] {
              J.attribute("id", formatDiagCode(D.code()));
            });
            J.attribute("level", sarifLevel(D.Sev));
            std::string Text = D.Message;
            for (const DiagNote &N : D.Notes)
              Text += "; " + N.Message;
            J.attributeObject("message", [&] { J.attribute("text", Text); });
            if (D.code() >= FirstUsageCode || D.File.empty())
              return;
            J.attributeArray("locations",
                             [&] { J.object([&] { artifactOnly(D.File); }); });
          });
      });
    });
  }

  void artifactOnly(llvm::StringRef File) {
    J.attributeObject("physicalLocation", [&] {
      J.attributeObject("artifactLocation",
                        [&] { J.attribute("uri", fileUri(File)); });
    });
  }

  /// The CUDA source line as a location of its own, so code scanning and
  /// editors can open the .cu file there.
  void cudaLocation(const CudaSourceLocation &C) {
    J.attributeObject("physicalLocation", [&] {
      J.attributeObject("artifactLocation",
                        [&] { J.attribute("uri", fileUri(C.File)); });
      J.attributeObject("region", [&] {
        J.attribute("startLine", C.Line);
        if (C.Column)
          J.attribute("startColumn", C.Column);
      });
    });
  }

  /// The tool's page, which SARIF wants absolute: the README beside the
  /// published diagnostics pages when --sarif-help-base names them, the
  /// pages otherwise; none without a base.
  std::string informationUri() const {
    llvm::StringRef Base = llvm::StringRef(HelpBase).rtrim('/');
    if (Base.empty())
      return {};
    if (Base.consume_back("/docs/diagnostics"))
      return (Base + "/README.md").str();
    return HelpBase;
  }

  /// A rule speaks from the code's documentation page: its title, its
  /// cause, the whole page as help, and where the page is published when
  /// a base is given (a relative link would not resolve in code scanning).
  void rule(const DiagInfo &Info) {
    llvm::StringRef Page = explainDiagCode(Info.Code).value_or("");
    J.object([&] {
      J.attribute("id", formatDiagCode(Info.Code));
      J.attribute("name", Info.Name);
      J.attributeObject("shortDescription",
                        [&] { J.attribute("text", pageSummary(Page, Info)); });
      if (llvm::StringRef Cause = pageSection(Page, "Cause"); !Cause.empty())
        J.attributeObject("fullDescription",
                          [&] { J.attribute("text", Cause); });
      if (!Page.empty())
        J.attributeObject("help", [&] {
          J.attribute("text", Page);
          J.attribute("markdown", Page);
        });
      J.attributeObject("defaultConfiguration", [&] {
        J.attribute("level", sarifLevel(Info.DefaultSeverity));
      });
      if (!HelpBase.empty())
        J.attribute("helpUri", HelpBase + formatDiagCode(Info.Code) + ".md");
    });
  }

  /// The rule's place among those the log lists, which are those the
  /// results use, in the order they first did.
  unsigned ruleIndex(DiagID ID) {
    auto [It, New] =
        RuleIndex.try_emplace(static_cast<unsigned>(ID), UsedRules.size());
    if (New)
      UsedRules.push_back(ID);
    return It->second;
  }

  llvm::raw_ostream &OS;
  llvm::json::OStream J;
  std::string Version;
  std::string HelpBase;
  bool Begun = false;
  LocationResolver Locations;
  FingerprintMaker Prints;
  llvm::DenseMap<unsigned, unsigned> RuleIndex;
  std::vector<DiagID> UsedRules;
  std::vector<Diagnostic> Notifications;
};

} // namespace

std::unique_ptr<DiagnosticConsumer>
tcgen05::createSarifDiagnosticPrinter(llvm::raw_ostream &OS,
                                      llvm::StringRef ToolVersion,
                                      llvm::StringRef HelpBase) {
  return std::make_unique<SarifDiagnosticPrinter>(OS, ToolVersion, HelpBase);
}
