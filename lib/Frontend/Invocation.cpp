//===- Invocation.cpp - Options every front door reads alike --------------===//

#include "tcgen05/Frontend/Invocation.h"
#include "tcgen05/Basic/Target.h"
#include "tcgen05/Frontend/Check.h"

using namespace tcgen05;

namespace {
void reportUsage(DiagnosticsEngine &Engine, llvm::StringRef Origin, DiagID ID,
                 llvm::StringRef Value, DiagID KnownNote,
                 const std::string &Known) {
  Diagnostic D = Diagnostic::make(ID, {}, {Value.str()}, Origin.str());
  D.note(KnownNote, {}, {Known});
  Engine.emit(nullptr, std::move(D));
}
} // namespace

bool tcgen05::acceptTargetOption(llvm::StringRef Target,
                                 DiagnosticsEngine &Engine,
                                 llvm::StringRef Origin) {
  if (Target.empty() || isKnownTargetName(Target))
    return true;
  reportUsage(Engine, Origin, DiagID::err_unknown_target, Target,
              DiagID::note_known_targets, knownTargetList());
  return false;
}

bool tcgen05::acceptPtxVersionOption(llvm::StringRef Version,
                                     DiagnosticsEngine &Engine,
                                     llvm::StringRef Origin) {
  if (Version.empty() || Version == "auto" || parsePTXVersion(Version))
    return true;
  reportUsage(Engine, Origin, DiagID::err_usage_bad_ptx_version, Version,
              DiagID::note_known_values, knownPTXVersionList());
  return false;
}

bool tcgen05::applyWarningOption(llvm::StringRef Word, DiagnosticOptions &Opts,
                                 std::vector<std::string> &UnknownGroups) {
  if (Word == "-Werror") {
    Opts.WarningsAsErrors = true;
    return true;
  }
  if (Word == "-w") {
    Opts.IgnoreWarnings = true;
    return true;
  }
  return applyWarningGroupFlag(Word, Opts, UnknownGroups);
}

void tcgen05::reportUnknownWarningGroups(
    const std::vector<std::string> &UnknownGroups, DiagnosticsEngine &Engine,
    llvm::StringRef Origin) {
  for (const std::string &G : UnknownGroups) {
    Diagnostic D = Diagnostic::make(DiagID::warn_unknown_warning_group, {}, {G},
                                    Origin.str());
    D.note(DiagID::note_known_values, {}, {diagGroupList()});
    Engine.emit(nullptr, std::move(D));
  }
}

bool CheckInvocation::readWarningWord(llvm::StringRef Word) {
  return applyWarningOption(Word, Diag, UnknownWarningGroups);
}

void CheckInvocation::readWarningWords(llvm::StringRef Words) {
  llvm::SmallVector<llvm::StringRef, 8> List;
  Words.split(List, ' ', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef W : List)
    if (!readWarningWord(W.trim()))
      UnknownWarningGroups.push_back(W.trim().str());
}

void CheckInvocation::reportUnknownWarningGroups(DiagnosticsEngine &Engine,
                                                 llvm::StringRef Origin) const {
  tcgen05::reportUnknownWarningGroups(UnknownWarningGroups, Engine, Origin);
}

bool CheckInvocation::acceptTargetAndVersion(DiagnosticsEngine &Engine,
                                             llvm::StringRef Origin) const {
  bool TargetOK = acceptTargetOption(Target, Engine, Origin);
  bool VersionOK = acceptPtxVersionOption(PtxVersion, Engine, Origin);
  return TargetOK && VersionOK;
}

bool CheckInvocation::validate(DiagnosticsEngine &Engine,
                               llvm::StringRef Origin) const {
  reportUnknownWarningGroups(Engine, Origin);
  return acceptTargetAndVersion(Engine, Origin);
}

void CheckInvocation::applyTo(CheckOptions &Opts) const {
  Opts.Target = Target;
  Opts.SeparateCompilation = SeparateCompilation;
}
