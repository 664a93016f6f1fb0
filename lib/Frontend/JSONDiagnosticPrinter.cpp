//===- JSONDiagnosticPrinter.cpp - Machine-readable diagnostics -----------===//

#include "tcgen05/Frontend/DiagnosticPrinters.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {

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

/// Streams the document: each diagnostic is written when it arrives and
/// nothing of it is kept.  Keys are written in sorted order, the order a
/// printed json::Object has.
class JSONDiagnosticPrinter : public DiagnosticConsumer {
public:
  JSONDiagnosticPrinter(llvm::raw_ostream &OS, const llvm::json::Value *Result)
      : OS(OS), J(OS, /*IndentSize=*/2), Result(Result) {}

  void beginBatch(const LineIndex *Lines) override {
    Locations = LocationResolver(Lines);
  }

  void handleDiagnostic(const llvm::SourceMgr *SM,
                        const Diagnostic &D) override {
    begin();
    J.object([&] {
      J.attribute("args", argumentsArray(D));
      J.attribute("code", formatDiagCode(D.code()));
      location(SM, D.Range, D.File, [&] {
        fixIts(SM, D);
        if (llvm::StringRef Group = diagGroup(D.ID); !Group.empty())
          J.attribute("group", Group);
      });
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
      if (D.CudaSource)
        J.attributeObject("sourceLocation", [&] {
          J.attribute("column", D.CudaSource->Column);
          J.attribute("file", D.CudaSource->File);
          J.attribute("function", D.CudaSource->Function);
          J.attribute("line", D.CudaSource->Line);
        });
    });
  }

  void finish() override {
    begin();
    J.arrayEnd();
    J.attributeEnd();
    // What the call produced besides diagnostics (decoded fields).
    if (Result && Result->kind() != llvm::json::Value::Null)
      J.attribute("result", *Result);
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
  /// "code" and "message"; BeforeLine writes those that sort between
  /// "file" and "line" ("fixits", "group").
  void location(
      const llvm::SourceMgr *SM, llvm::SMRange R, const std::string &File,
      llvm::function_ref<void()> BeforeLine = [] {}) {
    ResolvedLocation L;
    if (Locations.resolve(SM, R, L)) {
      J.attribute("column", L.Column);
      J.attribute("endColumn", L.EndColumn);
      J.attribute("endLine", L.EndLine);
      J.attribute("file", L.File);
      BeforeLine();
      J.attribute("line", L.Line);
    } else {
      if (!File.empty())
        J.attribute("file", File);
      BeforeLine();
    }
  }

  /// The fix-its of D: the range each replaces and the text it puts there.
  void fixIts(const llvm::SourceMgr *SM, const Diagnostic &D) {
    if (D.FixIts.empty())
      return;
    J.attributeArray("fixits", [&] {
      for (const FixIt &F : D.FixIts)
        J.object([&] {
          ResolvedLocation L;
          if (Locations.resolve(SM, F.Range, L)) {
            J.attribute("column", L.Column);
            J.attribute("endColumn", L.EndColumn);
            J.attribute("endLine", L.EndLine);
            J.attribute("line", L.Line);
          }
          J.attribute("text", F.Text);
        });
    });
  }

  llvm::raw_ostream &OS;
  llvm::json::OStream J;
  bool Begun = false;
  LocationResolver Locations;
  const llvm::json::Value *Result;
};
} // namespace

std::unique_ptr<DiagnosticConsumer>
tcgen05::createJSONDiagnosticPrinter(llvm::raw_ostream &OS,
                                     const llvm::json::Value *Result) {
  return std::make_unique<JSONDiagnosticPrinter>(OS, Result);
}
