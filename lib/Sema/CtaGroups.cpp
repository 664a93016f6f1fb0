//===- CtaGroups.cpp - One .cta_group per kernel --------------------------===//
//
// "All tcgen05 instructions within a kernel must specify the same value for
// the .cta_group qualifier" (PTX ISA 9.7.16.7.1).  ptxas applies this to
// everything a kernel can reach: the functions it calls and the functions
// whose address is taken (an indirect call may reach them), and names no
// line.  Here each body is summarized on its own (possibly on another
// thread) and the kernels are checked once all summaries exist.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Basic/Demangle.h"
#include "tcgen05/Sema/Tcgen05Check.h"

#include "tcgen05/Analysis/ControlFlowGraph.h"
#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Sema/Symbols.h"

#include "llvm/ADT/STLExtras.h"

#include <tuple>
#include <utility>

using namespace tcgen05;

namespace {

/// Function names used as values (not called) in R.
void collectFunctionNames(const Function &F, IndexRange R,
                          const ModuleSymbols &Symbols,
                          std::vector<FunctionUse> &Out) {
  for (const Operand &O : F.operands(R)) {
    if (O.Kind == OperandKind::Symbol) {
      uint32_t Fn = Symbols.findFunction(O.text());
      if (Fn != FunctionName::None)
        Out.push_back({Fn, O.text()});
    } else if (O.children().Count && O.Kind != OperandKind::Address) {
      collectFunctionNames(F, O.children(), Symbols, Out);
    }
  }
}

} // namespace

CtaGroupSummary tcgen05::summarizeCtaGroups(const Function &F,
                                            const ModuleSymbols &Symbols) {
  CtaGroupSummary S;
  for (const Tcgen05Inst &T : F.Tcgen05) {
    for (uint32_t K = 0; K < T.NumQualifiers; ++K) {
      const Tcgen05Qualifier &Q =
          F.Tcgen05Nodes.Qualifiers[T.FirstQualifier + K];
      if (Q.Class != Tcgen05QualClass::CtaGroup)
        continue;
      llvm::StringRef W = F.Qualifiers[Q.Qualifier].text();
      int G = W == ".cta_group::1" ? 0 : W == ".cta_group::2" ? 1 : -1;
      if (G >= 0 && !S.First[G].valid())
        S.First[G] = F.Qualifiers[Q.Qualifier];
    }
  }
  for (const Instruction &I : F.Instructions) {
    Opcode Op = I.op();
    if (Op == Opcode::Call) {
      // A callee that is no function of the module is the symbol
      // checks' error, not these rules' concern.
      llvm::StringRef Callee = calledFunction(F, I);
      uint32_t Fn = Symbols.findFunction(Callee);
      if (Fn != FunctionName::None)
        S.Callees.push_back({Fn, Callee});
      continue;
    }
    collectFunctionNames(F, I.Operands, Symbols, S.AddressTaken);
  }
  return S;
}

void tcgen05::appendSummary(CtaGroupSummary &Into, CtaGroupSummary &&Piece) {
  for (int G = 0; G < 2; ++G)
    if (!Into.First[G].valid())
      Into.First[G] = Piece.First[G];
  Into.Callees.insert(Into.Callees.end(), Piece.Callees.begin(),
                      Piece.Callees.end());
  Into.AddressTaken.insert(Into.AddressTaken.end(), Piece.AddressTaken.begin(),
                           Piece.AddressTaken.end());
}

void tcgen05::checkKernelCtaGroups(
    const Module &M, const ModuleSymbols &Symbols,
    const std::vector<CtaGroupSummary> &Summaries, bool SeparateCompilation,
    DiagnosticSink &Sink) {
  llvm::ArrayRef<FunctionName> Functions = Symbols.functions();
  // Functions whose address is taken anywhere may be reached by any
  // indirect call.
  std::vector<size_t> AddressTaken;
  for (const CtaGroupSummary &S : Summaries)
    for (const FunctionUse &U : S.AddressTaken)
      if (Functions[U.Function].LastBody != FunctionName::None)
        AddressTaken.push_back(Functions[U.Function].LastBody);

  // SeenBy[I] == K: kernel K's walk has reached body I.
  std::vector<size_t> SeenBy(M.Functions.size(), M.Functions.size());
  for (size_t K = 0; K < M.Functions.size(); ++K) {
    const Function &Kernel = M.Functions[K];
    if (!Kernel.HasBody || (!SeparateCompilation && !Kernel.IsEntry))
      continue;
    // Breadth-first over what the kernel reaches.
    auto Reach = [&](size_t I) { return std::exchange(SeenBy[I], K) != K; };
    std::vector<size_t> Work{K};
    Reach(K);
    if (!SeparateCompilation)
      for (size_t A : AddressTaken)
        if (Reach(A))
          Work.push_back(A);
    Span First[2];
    for (size_t W = 0; W < Work.size(); ++W) {
      const CtaGroupSummary &S = Summaries[Work[W]];
      for (int G = 0; G < 2; ++G)
        if (S.First[G].valid() &&
            (!First[G].valid() || S.First[G].Begin < First[G].Begin))
          First[G] = S.First[G];
      if (SeparateCompilation)
        continue;
      for (const FunctionUse &C : S.Callees) {
        uint32_t Body = Functions[C.Function].LastBody;
        if (Body != FunctionName::None && Reach(Body))
          Work.push_back(Body);
      }
    }
    if (!First[0].valid() || !First[1].valid())
      continue;
    // The offender is the group the kernel's own body does not use; when
    // the body uses both (or neither), the later of the two in the file.
    const CtaGroupSummary &Own = Summaries[K];
    int Late = First[1].Begin > First[0].Begin ? 1 : 0;
    if (Own.First[0].valid() != Own.First[1].valid())
      Late = Own.First[0].valid() ? 1 : 0;
    const char *Groups[2] = {".cta_group::1", ".cta_group::2"};
    Diagnostic &D =
        Sink.report(DiagID::err_tcgen05_cta_group_mix, First[Late].range(),
                    {readableFunctionName(Kernel.Name.text())});
    D.note(DiagID::note_tcgen05_other_group, First[1 - Late].range(),
           {Groups[1 - Late]});
    D.note(DiagID::note_cite, {}, {"9.7.16.7.1"});
  }
}

/// The system calls of the CUDA ABI, which ptxas 13.0 provides itself: a
/// whole program may call them without defining them.  Others it refuses
/// (probed: printf, memcpy, __nv_*, the cudaDevice* calls).
static constexpr llvm::StringLiteral AbiSystemCalls[] = {
    "vprintf", "malloc", "free", "__assertfail"};

void tcgen05::checkUnresolvedFunctions(
    const Module &M, const ModuleSymbols &Symbols,
    const std::vector<CtaGroupSummary> &Summaries, bool SeparateCompilation,
    DiagnosticSink &Sink) {
  llvm::ArrayRef<FunctionName> Functions = Symbols.functions();
  // One report per function, at its first use in source order.
  std::vector<std::pair<llvm::StringRef, bool>> FirstUse(Functions.size());
  for (const CtaGroupSummary &S : Summaries) {
    auto Note = [&](const FunctionUse &U, bool Call) {
      auto &First = FirstUse[U.Function];
      if (!First.first.data() || U.Use.data() < First.first.data())
        First = {U.Use, Call};
    };
    for (const FunctionUse &C : S.Callees)
      Note(C, true);
    for (const FunctionUse &A : S.AddressTaken)
      Note(A, false);
  }
  std::vector<std::tuple<llvm::StringRef, bool, const Function *>> Uses;
  for (size_t I = 0; I < Functions.size(); ++I) {
    auto [Use, Call] = FirstUse[I];
    const FunctionName &FN = Functions[I];
    if (!Use.data() || FN.LastBody != FunctionName::None ||
        FN.FirstDeclaration == FunctionName::None ||
        llvm::is_contained(AbiSystemCalls, Use))
      continue;
    // Only an .extern declaration may be defined by another module.
    const Function &Declared = M.Functions[FN.FirstDeclaration];
    if (SeparateCompilation && Declared.Linkage.text() == ".extern")
      continue;
    Uses.emplace_back(Use, Call, &Declared);
  }
  llvm::sort(Uses, [](const auto &A, const auto &B) {
    return std::get<0>(A).data() < std::get<0>(B).data();
  });
  for (const auto &[Use, Call, Declared] : Uses) {
    std::string Name = readableFunctionName(Use);
    llvm::SMRange R = Span(Use.begin(), Use.end()).range();
    Diagnostic &D = Sink.report(Call ? DiagID::err_unresolved_function
                                     : DiagID::err_unresolved_function_address,
                                R, {Name});
    D.note(DiagID::note_declared_here, Declared->Name.range(), {Name});
    D.note(Declared->Linkage.text() == ".extern"
               ? DiagID::note_separate_compilation
               : DiagID::note_not_extern,
           {}, {});
  }
}
