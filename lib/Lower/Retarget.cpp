//===- Retarget.cpp - Rewrite a module for another target or version ------===//

#include "tcgen05/Lower/Retarget.h"

#include "tcgen05/Analysis/KnownBits.h"
#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Descriptors/InstrDesc.h"
#include "tcgen05/Parse/Parser.h"
#include "tcgen05/Sema/Tcgen05Spelling.h"
#include "tcgen05/Syntax/Tcgen05Syntax.h"

#include "llvm/ADT/DenseMap.h"

#include <algorithm>

using namespace tcgen05;

namespace {

/// A block-scaled tcgen05.mma whose scale-vector size needs the other
/// spelling on the new target.
struct ScaledMma {
  uint32_t Inst;
  ScaleVecRespelling Respell;
  const Span *BlockScale = nullptr;
  const Span *Size = nullptr; ///< Null: the kind's default size applies.
  const Operand *IDesc = nullptr;
};

class Retargeter {
public:
  Retargeter(Module &M, const RetargetRequest &Req, DiagnosticSink &Sink)
      : M(M), Req(Req), Sink(Sink) {}
  std::vector<TextEdit> run();

private:
  void planBody(Function &F);
  void respell(const Function &F, const ScaledMma &S,
               const KnownBitsState *Facts);

  Module &M;
  const RetargetRequest &Req;
  DiagnosticSink &Sink;
  std::optional<TargetInfo> Target;
  unsigned Version = 0;
  std::vector<TextEdit> Edits;
  Tcgen05SyntaxParser T5;
  Function Scratch;
};

std::vector<TextEdit> Retargeter::run() {
  Version =
      Req.PtxVersion ? Req.PtxVersion : M.VersionMajor * 10 + M.VersionMinor;
  if (Req.PtxVersion && M.Version.valid())
    Edits.push_back(
        {M.Version.Begin, M.Version.End, formatPTXVersion(Req.PtxVersion)});
  for (const Span &N : M.Target.Names) {
    std::optional<TargetInfo> T = lookupTarget(N.text());
    if (!T)
      continue; // 'debug' and the other options stay.
    if (!Req.Target.empty())
      Edits.push_back({N.Begin, N.End, Req.Target});
    Target = T;
  }
  if (!Req.Target.empty())
    Target = lookupTarget(Req.Target);
  if (!Target || !M.Version.valid())
    return std::move(Edits);
  // Only block-scaled MMAs are respelled; a body without one is not
  // parsed at all.
  for (Function &F : M.Functions)
    if (F.HasBody && F.Body.text().contains(".block_scale"))
      planBody(F);
  return std::move(Edits);
}

void Retargeter::planBody(Function &F) {
  // Only tcgen05 instructions are respelled.
  if (!F.namesTcgen05())
    return;
  DiagnosticSink Discard;
  ParsedBody Body(F, Scratch, Discard, &T5);

  std::vector<ScaledMma> Scaled;
  for (const Tcgen05Inst &T : F.Tcgen05) {
    std::optional<ScaleVecRespelling> R =
        scaleVecRespelling(F, T, *Target, Version);
    if (!R)
      continue;
    ScaledMma S{T.Instruction, *R};
    for (uint32_t K = 0; K < T.NumQualifiers; ++K) {
      const Tcgen05Qualifier &Q =
          F.Tcgen05Nodes.Qualifiers[T.FirstQualifier + K];
      if (Q.Class == Tcgen05QualClass::BlockScale)
        S.BlockScale = &F.Qualifiers[Q.Qualifier];
      else if (Q.Class == Tcgen05QualClass::ScaleVec)
        S.Size = &F.Qualifiers[Q.Qualifier];
    }
    for (uint32_t K = 0; K < T.NumOperands; ++K) {
      const Tcgen05Operand &O = F.Tcgen05Nodes.Operands[T.FirstOperand + K];
      if (O.Role == Tcgen05OperandRole::IDesc)
        S.IDesc = &F.Operands[O.Operand];
    }
    Scaled.push_back(S);
  }

  // K=96 exists on sm_103 only; elsewhere each spelling has one meaning.
  if (!Scaled.empty() && Target->SM == 103) {
    llvm::SmallVector<llvm::StringRef, 8> Roots;
    llvm::DenseMap<uint32_t, const ScaledMma *> ByInst;
    for (const ScaledMma &S : Scaled) {
      ByInst[S.Inst] = &S;
      if (S.IDesc && S.IDesc->Kind == OperandKind::Register)
        Roots.push_back(S.IDesc->text());
    }
    llvm::SmallVector<uint32_t, 8> Sites;
    for (const ScaledMma &S : Scaled)
      Sites.push_back(S.Inst);
    llvm::sort(Sites);
    runKnownBits(F, Roots, Sites,
                 [&](uint32_t Inst, const KnownBitsState &Facts) {
                   respell(F, *ByInst.find(Inst)->second, &Facts);
                 });
  } else {
    for (const ScaledMma &S : Scaled)
      respell(F, S, nullptr);
  }
}

void Retargeter::respell(const Function &F, const ScaledMma &S,
                         const KnownBitsState *Facts) {
  llvm::StringRef Size = S.Respell.From, Other = S.Respell.To;
  if (Facts) {
    // The two spellings agree only when K is not 96.
    uint32_t K96Mask = 0;
    for (const IdescField &Fld : idescFields(IdescLayout::MxF4))
      if (Fld.Name == "k96")
        K96Mask = Fld.mask();
    RegisterFact Fact =
        S.IDesc ? Facts->operandFact(F, *S.IDesc) : RegisterFact{};
    if ((Fact.zero() & K96Mask) != K96Mask) {
      const Span &At = S.Size ? *S.Size : *S.BlockScale;
      Sink.report(DiagID::err_retarget_no_equivalent, At.range(),
                  {Size.str(), Other.str(), Target->Name.str(),
                   formatPTXVersion(Version)})
          .note(DiagID::note_cite, {}, {S.Respell.Section.str()});
      return;
    }
  }
  if (S.Size)
    Edits.push_back({S.Size->Begin, S.Size->End, Other.str()});
  else
    Edits.push_back({S.BlockScale->End, S.BlockScale->End, Other.str()});
}

} // namespace

std::vector<TextEdit> tcgen05::planRetarget(Module &M,
                                            const RetargetRequest &Req,
                                            DiagnosticSink &Sink) {
  return Retargeter(M, Req, Sink).run();
}

std::string tcgen05::applyEdits(llvm::StringRef Text,
                                std::vector<TextEdit> Edits) {
  std::stable_sort(
      Edits.begin(), Edits.end(),
      [](const TextEdit &A, const TextEdit &B) { return A.Begin < B.Begin; });
  std::string Out;
  Out.reserve(Text.size() + 64);
  const char *P = Text.begin();
  for (const TextEdit &E : Edits) {
    Out.append(P, E.Begin);
    Out += E.Text;
    P = E.End;
  }
  Out.append(P, Text.end());
  return Out;
}
