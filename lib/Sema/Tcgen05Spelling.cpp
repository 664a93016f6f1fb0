//===- Tcgen05Spelling.cpp - Rule-table answers for other layers ----------===//

#include "tcgen05/Sema/Tcgen05Spelling.h"

#include "Tcgen05/Rules.h"

using namespace tcgen05;
using namespace tcgen05::rules;

unsigned tcgen05::tcgen05QualifierRank(Tcgen05QualClass C) {
  return classRule(C).Rank;
}

std::optional<ScaleVecRespelling>
tcgen05::scaleVecRespelling(const Function &F, const Tcgen05Inst &T,
                            const TargetInfo &Target, unsigned Version) {
  if (T.Opcode != Tcgen05Opcode::Mma)
    return std::nullopt;
  llvm::StringRef Kind, Size;
  bool BlockScaled = false;
  auto Words = [&] {
    return llvm::ArrayRef(F.Tcgen05Nodes.Qualifiers)
        .slice(T.FirstQualifier, T.NumQualifiers);
  };
  for (const Tcgen05Qualifier &Q : Words()) {
    llvm::StringRef W = F.Qualifiers[Q.Qualifier].text();
    if (Q.Class == Tcgen05QualClass::Kind)
      Kind = W;
    else if (Q.Class == Tcgen05QualClass::BlockScale)
      BlockScaled = true;
    else if (Q.Class == Tcgen05QualClass::ScaleVec)
      Size = W;
  }
  if (!BlockScaled || Kind.empty())
    return std::nullopt;
  std::optional<Form> TheForm =
      tcgen05FormOf(T.Opcode, [&](llvm::StringRef Word) {
        return llvm::any_of(Words(), [&](const Tcgen05Qualifier &Q) {
          return Q.Class == Tcgen05QualClass::Variant &&
                 F.Qualifiers[Q.Qualifier].text() == Word;
        });
      });
  const KindRule *K = findKind(Kind);
  if (!TheForm || !K)
    return std::nullopt;
  auto Legal = [&](llvm::StringRef Spelling) {
    const QualRule *R = findQualifier(*TheForm, Spelling);
    return R && qualifierAllowed(*R, Target, Version);
  };
  if (Size.empty())
    Size = K->DefaultScaleVec;
  if (Size.empty() || Legal(Size))
    return std::nullopt;
  const ScaleVecAlias *A = findScaleVecAlias(Kind, Size);
  if (!A)
    return std::nullopt;
  llvm::StringRef Other = Size == A->Block ? A->ScaleVec : A->Block;
  if (!Legal(Other))
    return std::nullopt;
  return ScaleVecRespelling{Size, Other, A->Section};
}
