//===- UnsupportedTarget.cpp - One error for a target without tcgen05 -----===//
//
// A module for sm_90a that uses tcgen05 has one mistake, its .target, not
// one per instruction: the errors the instructions got are folded into one
// at the .target, whose fix-it names the nearest target that has them all.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Sema/ModuleChecks.h"

#include "Tcgen05/Rules.h"

#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Basic/Target.h"

#include "llvm/ADT/STLExtras.h"

#include <cstdlib>
#include <tuple>

using namespace tcgen05;
using namespace tcgen05::rules;

namespace {

/// The target nearest Current among those whose sets hold every form of
/// Forms: one the module's .version already accepts first, then one of the
/// same kind (architecture-specific, family), then the closest SM, newer
/// first.
std::optional<TargetInfo> nearestTarget(const TargetInfo &Current,
                                        unsigned Version,
                                        llvm::ArrayRef<Form> Forms) {
  std::optional<TargetInfo> Best;
  auto Rank = [&](const TargetInfo &T) {
    int Distance = std::abs(int(T.SM) - int(Current.SM));
    return std::make_tuple(T.MinPTX > Version, T.Variant != Current.Variant,
                           Distance, T.SM < Current.SM);
  };
  for (const TargetInfo &T : knownTargets()) {
    unsigned At = std::max(Version, T.MinPTX);
    if (!llvm::all_of(Forms, [&](Form F) {
          return targetSetContains(formInfo(F).Targets, T, At);
        }))
      continue;
    if (!Best || Rank(T) < Rank(*Best))
      Best = T;
  }
  return Best;
}

} // namespace

void tcgen05::foldUnsupportedTarget(const Module &M, DiagnosticSink &Sink) {
  // A target from the command line has no .target in the text to fix.
  const Span &Name = M.EffectiveTargetName;
  if (!M.EffectiveTarget || !Name.valid())
    return;
  const TargetInfo &T = *M.EffectiveTarget;
  unsigned Version = std::max(M.VersionMajor * 10 + M.VersionMinor, T.MinPTX);
  // Only a target without tcgen05 at all: one that lacks a form or two is
  // better told at each instruction, where another form may do.
  if (targetSetContains(TargetSetId::Tcgen05, T, Version))
    return;
  std::vector<Diagnostic> &Diags = Sink.diagnostics();
  const Diagnostic *First = nullptr;
  llvm::SmallVector<Form, 8> Forms;
  std::vector<std::string> Spellings;
  unsigned Count = 0;
  for (const Diagnostic &D : Diags) {
    if (D.ID != DiagID::err_tcgen05_target || D.Args.empty())
      continue;
    std::optional<Form> F = tcgen05FormOfSpelling(D.Args[0].str());
    if (!F)
      continue;
    ++Count;
    if (!First || D.Range.Start.getPointer() < First->Range.Start.getPointer())
      First = &D;
    if (!llvm::is_contained(Forms, *F)) {
      Forms.push_back(*F);
      Spellings.push_back(D.Args[0].str());
    }
  }
  if (!Count)
    return;
  llvm::sort(Spellings);
  std::string Uses;
  for (size_t K = 0; K < Spellings.size(); ++K)
    Uses += (K == 0                      ? ""
             : K + 1 == Spellings.size() ? " and "
                                         : ", ") +
            Spellings[K];
  Diagnostic Folded = Diagnostic::make(DiagID::err_target_lacks_tcgen05,
                                       Name.range(), {T.Name.str(), Uses});
  if (std::optional<TargetInfo> Near = nearestTarget(T, Version, Forms))
    Folded.suggest(Name.range(), Near->Name);
  Folded.note(DiagID::note_first_unsupported, First->Range,
              {First->Args[0].str(), Count});
  // The first instruction's "Target ISA Notes".
  if (std::optional<Form> F = tcgen05FormOfSpelling(First->Args[0].str()))
    Folded.note(DiagID::note_cite, {}, {formInfo(*F).Section.str()});
  llvm::erase_if(Diags, [](const Diagnostic &D) {
    return D.ID == DiagID::err_tcgen05_target && !D.Args.empty() &&
           tcgen05FormOfSpelling(D.Args[0].str());
  });
  Diags.push_back(std::move(Folded));
}
