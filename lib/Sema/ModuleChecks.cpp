//===- ModuleChecks.cpp - Checks on the module header ---------------------===//

#include "tcgen05/Sema/ModuleChecks.h"

#include "tcgen05/Basic/Diagnostic.h"

using namespace tcgen05;

std::optional<TargetInfo>
tcgen05::effectiveTarget(const Module &M, llvm::StringRef TargetOverride,
                         Span *Name) {
  if (!TargetOverride.empty())
    return lookupTarget(TargetOverride);
  // With several architectures listed, as with several .target
  // directives, ptxas uses the last.
  std::optional<TargetInfo> Found;
  for (const Span &N : M.Target.Names)
    if (std::optional<TargetInfo> T = lookupTarget(N.text())) {
      Found = T;
      if (Name)
        *Name = N;
    }
  return Found;
}

void tcgen05::checkModuleTarget(Module &M, llvm::StringRef TargetOverride,
                                DiagnosticSink &Sink) {
  Span TargetName;
  M.EffectiveTarget = effectiveTarget(M, TargetOverride, &TargetName);
  M.EffectiveTargetName = TargetName;
  // ptxas accepts a module of nothing but its header whatever the version:
  // the check applies once there is something to compile.
  if (!M.EffectiveTarget || !M.Version.valid() ||
      (M.Globals.empty() && M.Functions.empty()))
    return;
  unsigned Version = M.VersionMajor * 10 + M.VersionMinor;
  const TargetInfo &T = *M.EffectiveTarget;
  if (Version >= T.MinPTX)
    return;
  // ptxas reports this at the .target line.
  Span At = TargetName.valid() ? TargetName : M.Version;
  Diagnostic &D = Sink.report(DiagID::err_version_target, At.range(),
                              {M.Version.text().str(), T.Name.str()});
  D.note(DiagID::note_target_min_version, {},
         {T.Name.str(), formatPTXVersion(T.MinPTX)});
  if (!TargetName.valid())
    D.note(DiagID::note_target_from_option, {}, {TargetOverride.str()});
}
