//===- Baseline.cpp - Known findings a code base adopts the tool with -----===//

#include "tcgen05/Frontend/Baseline.h"

#include "tcgen05/Basic/SuppressionMarker.h"

#include "tcgen05/Frontend/Fingerprint.h"
#include "tcgen05/Frontend/ReadInput.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {
/// Findings a baseline speaks of: notes and remarks are neither kept nor
/// dropped, and neither are errors of the input's syntax (isAcceptable).
bool isFinding(const Diagnostic &D) {
  return (D.Sev == Severity::Error || D.Sev == Severity::Warning) &&
         isAcceptable(D.code());
}
} // namespace

std::optional<Baseline> Baseline::load(llvm::StringRef Path,
                                       DiagnosticsEngine &Engine) {
  InputRead In = readInput(Path, DefaultMaxInputSize);
  if (!In.Buffer) {
    Engine.emit(nullptr,
                Diagnostic::make(DiagID::err_cannot_open, {},
                                 {Path.str(), In.Error ? In.Error.message()
                                                       : std::string("too large")},
                                 Path.str()));
    return std::nullopt;
  }
  std::string Error;
  std::optional<Baseline> B = parse(In.Buffer->getBuffer(), Error);
  if (!B)
    Engine.emit(nullptr, Diagnostic::make(DiagID::err_usage_bad_baseline, {},
                                          {Path.str(), Error}, Path.str()));
  return B;
}

std::optional<Baseline> Baseline::parse(llvm::StringRef Text,
                                        std::string &Error) {
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(Text);
  if (!V) {
    Error = llvm::toString(V.takeError());
    return std::nullopt;
  }
  const llvm::json::Object *O = V->getAsObject();
  const llvm::json::Array *Findings = O ? O->getArray("findings") : nullptr;
  if (!Findings || O->getString("tool") != llvm::StringRef("tcgen05-check")) {
    Error = "expected an object with \"tool\": \"tcgen05-check\" and a "
            "\"findings\" array";
    return std::nullopt;
  }
  Baseline B;
  for (const llvm::json::Value &F : *Findings) {
    const llvm::json::Object *E = F.getAsObject();
    std::optional<llvm::StringRef> Print = E ? E->getString("fingerprint") : std::nullopt;
    if (!Print) {
      Error = "a finding has no \"fingerprint\"";
      return std::nullopt;
    }
    auto Str = [&](llvm::StringRef Key) {
      return E->getString(Key).value_or("").str();
    };
    B.Entries.push_back({Print->str(), Str("code"), Str("file"), Str("message")});
    B.Known.insert(*Print);
  }
  return B;
}

unsigned Baseline::apply(const llvm::SourceMgr &SM,
                         std::vector<Diagnostic> &Diags) const {
  if (Known.empty())
    return 0;
  FingerprintMaker Prints;
  size_t Before = Diags.size();
  llvm::erase_if(Diags, [&](const Diagnostic &D) {
    return isFinding(D) && Known.contains(Prints.next(&SM, D));
  });
  return Before - Diags.size();
}

void Baseline::record(const llvm::SourceMgr &SM,
                      const std::vector<Diagnostic> &Diags) {
  FingerprintMaker Prints;
  for (const Diagnostic &D : Diags) {
    if (!isFinding(D))
      continue;
    std::string Print = Prints.next(&SM, D);
    std::string File = D.File;
    if (D.Range.Start.isValid())
      if (unsigned ID = SM.FindBufferContainingLoc(D.Range.Start))
        File = SM.getMemoryBuffer(ID)->getBufferIdentifier().str();
    if (Known.insert(Print).second)
      Entries.push_back({Print, formatDiagCode(D.code()), File, D.Message});
  }
}

void Baseline::write(llvm::raw_ostream &OS) const {
  llvm::json::OStream J(OS, /*IndentSize=*/2);
  J.object([&] {
    J.attribute("tool", "tcgen05-check");
    J.attribute("version", 1);
    J.attributeArray("findings", [&] {
      for (const Entry &E : Entries)
        J.object([&] {
          J.attribute("fingerprint", E.Fingerprint);
          J.attribute("code", E.Code);
          J.attribute("file", E.File);
          J.attribute("message", E.Message);
        });
    });
  });
  OS << "\n";
}
