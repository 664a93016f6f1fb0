//===- WgmmaCheck.cpp - wgmma.mma_async register fragments ----------------===//
//
// Hopper's warpgroup MMA is not a Blackwell instruction, but kernels ported
// from sm_90a carry it: its target, its shape and types, and the register
// vectors of its accumulator and of A in registers are checked from
// WgmmaFragments.def.  The rest of its syntax is left to ptxas.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Sema/OtherInstructionCheck.h"

#include "Immediates.h"
#include "Tcgen05/Rules.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <optional>

using namespace tcgen05;
using namespace tcgen05::rules;

namespace {

enum class NSet : uint8_t { Float, Integer };

struct FragmentRow {
  unsigned K;
  llvm::StringRef ATypes;
  bool Same;
  llvm::StringRef DType;
  NSet Ns;
  unsigned DDiv;
  bool DFloat;
  unsigned DescOps, RegOps;
  llvm::StringRef Section;
};

constexpr FragmentRow Fragments[] = {
#define WGMMA_FRAGMENT(K, ATypes, Same, DType, NSet_, DDiv, DFloat, DescOps,    \
                       RegOps, Section)                                         \
  {K, ATypes, Same, DType, NSet::NSet_, DDiv, DFloat, DescOps, RegOps, Section},
#include "WgmmaFragments.def"
};

constexpr llvm::StringLiteral Name = "wgmma.mma_async";

bool validN(NSet S, unsigned N) {
  if (S == NSet::Float)
    return N % 8 == 0 && N >= 8 && N <= 256;
  return (N % 8 == 0 && N >= 8 && N <= 32) || (N % 16 == 0 && N >= 48 && N <= 256);
}

const char *describeNs(NSet S) {
  return S == NSet::Float ? "N = 8, 16, ..., 256"
                          : "N = 8, 16, 24, 32, 48, 64, ..., 256";
}

bool hasWord(llvm::StringRef Bars, llvm::StringRef Word) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Bars.split(Parts, '|');
  return llvm::is_contained(Parts, Word);
}

bool isTypeWord(llvm::StringRef W) {
  for (const FragmentRow &R : Fragments)
    if (W == R.DType || hasWord(R.ATypes, W))
      return true;
  return false;
}

class WgmmaChecker {
public:
  WgmmaChecker(const Module &M, const Function &F, const Instruction &I,
               const RegisterLookup &Regs, DiagnosticSink &Sink)
      : M(M), F(F), I(I), Regs(Regs), Sink(Sink), Quals(F.qualifiers(I.Qualifiers)),
        Ops(F.operands(I.Operands)) {}

  void run() {
    checkTarget();
    const Span *Shape = nullptr;
    unsigned N = 0, K = 0;
    llvm::SmallVector<const Span *, 3> Types;
    for (const Span &Q : Quals) {
      llvm::StringRef W = Q.text();
      if (W.consume_front(".m64n")) {
        auto [NText, KText] = W.split('k');
        if (!NText.getAsInteger(10, N) && !KText.getAsInteger(10, K))
          Shape = &Q;
      } else if (Shape && isTypeWord(W) && Types.size() < 3) {
        Types.push_back(&Q);
      }
    }
    // Without a shape and three types the fragments are not defined: the
    // name is ptxas's to judge.
    if (!Shape || Types.size() != 3)
      return;
    llvm::StringRef D = Types[0]->text(), A = Types[1]->text(), B = Types[2]->text();
    std::string TypeList = (D + A + B).str();
    const FragmentRow *Row = nullptr;
    bool KnownK = false;
    for (const FragmentRow &R : Fragments) {
      KnownK |= R.K == K;
      if (R.K == K && R.DType == D && hasWord(R.ATypes, A) && hasWord(R.ATypes, B) &&
          (!R.Same || A == B))
        Row = &R;
    }
    if (!KnownK) {
      report(Sink.report(DiagID::err_wgmma_shape, Shape->range(),
                         {Shape->text().str(), Name.str(), TypeList}),
             "9.7.15.5.1.1");
      return;
    }
    if (!Row) {
      Diagnostic &D = Sink.report(DiagID::err_wgmma_types,
                                  Span(Types.front()->Begin, Types.back()->End).range(),
                                  {TypeList, Name.str(), K});
      for (const FragmentRow &R : Fragments)
        if (R.K == K)
          D.note(DiagID::note_wgmma_valid, {},
                 {"k=" + std::to_string(K),
                  R.DType.str() + " with A and B of " + R.ATypes.str() +
                      (R.Same ? " (both the same)" : "")});
      report(D, "9.7.15.5.1.1");
      return;
    }
    if (!validN(Row->Ns, N)) {
      Diagnostic &Diag = Sink.report(DiagID::err_wgmma_shape, Shape->range(),
                                     {Shape->text().str(), Name.str(), TypeList});
      Diag.note(DiagID::note_wgmma_valid, {}, {Row->DType.str(), describeNs(Row->Ns)});
      report(Diag, Row->Section);
      return;
    }
    if (!Ops.empty())
      checkVector(Ops[0], "d", N / Row->DDiv, Row->DFloat, Row->DType == ".f16",
                  *Row, TypeList);
    bool ARegs = Ops.size() > 1 && Ops[1].Kind == OperandKind::Vector;
    if (ARegs)
      checkVector(Ops[1], "a", 4, false, true, *Row, TypeList);
    else if (Ops.size() > 1 && !checkDescriptor(Ops[1], *Row))
      return;
    unsigned Want = ARegs ? Row->RegOps : Row->DescOps;
    if (Ops.size() != Want) {
      Diagnostic &D = Sink.report(
          DiagID::err_wgmma_operand_count,
          Span(Ops.front().src().Begin, Ops.back().src().End).range(),
          {Name.str(), TypeList, ARegs ? "in registers" : "in shared memory",
           Want, static_cast<uint64_t>(Ops.size())});
      report(D, Row->Section);
    }
  }

private:
  void report(Diagnostic &D, llvm::StringRef Section) {
    D.note(DiagID::note_cite, {}, {Section.str()});
  }

  void checkTarget() {
    if (!M.EffectiveTarget)
      return;
    const TargetInfo &T = *M.EffectiveTarget;
    unsigned Version = std::max(M.VersionMajor * 10 + M.VersionMinor, T.MinPTX);
    if (targetSetContains(TargetSetId::Wgmma, T, Version))
      return;
    Diagnostic &D =
        Sink.report(DiagID::err_wgmma_target,
                    Span(I.opcode().Begin,
                         Quals.empty() ? I.opcode().End : Quals.front().End)
                        .range(),
                    {Name.str(), T.Name.str()});
    D.note(DiagID::note_tcgen05_supported_on, {},
           {Name.str(), describeTargetSet(TargetSetId::Wgmma)});
    report(D, "9.7.15.5.1");
  }

  /// A in shared memory: a 64-bit matrix descriptor, in a register or as an
  /// immediate.
  bool checkDescriptor(const Operand &O, const FragmentRow &Row) {
    if (isImmediate(F, O))
      return true;
    if (O.Kind == OperandKind::Register) {
      std::optional<llvm::StringRef> Type = Regs.registerType(O.text());
      if (!Type || (typeWidth(*Type) == 64 && !Type->starts_with(".f")))
        return true;
    }
    // ptxas: "Vector expected for argument 1".
    Diagnostic &D = Sink.report(DiagID::err_wgmma_vector, O.src().range(),
                                {Name.str(), "a"});
    D.note(DiagID::note_wgmma_a_forms, {}, {});
    report(D, Row.Section);
    return false;
  }

  /// A vector of Want 32-bit registers; floating-point ones only where
  /// Float allows them, or (as ptxas has it) next to one that is not;
  /// .f16x2 ones where Half2 allows them (ptxas 13.0: in A always, in an
  /// .f16 accumulator, not in an .s32 one).
  void checkVector(const Operand &O, const char *Role, unsigned Want, bool Float,
                   bool Half2, const FragmentRow &Row,
                   const std::string &TypeList) {
    if (O.Kind != OperandKind::Vector) {
      report(Sink.report(DiagID::err_wgmma_vector, O.src().range(),
                         {Name.str(), Role}),
             Row.Section);
      return;
    }
    llvm::ArrayRef<Operand> Elems = F.operands(O.children());
    // The registers first: a vector of the wrong registers is one error.
    const char *Kind = Float   ? "32-bit"
                       : Half2 ? "32-bit integer, bit-size or .f16x2"
                               : "32-bit integer or bit-size";
    const Operand *FirstFloat = nullptr;
    bool AllFloat = true;
    for (const Operand &E : Elems) {
      if (E.Kind != OperandKind::Register && E.Kind != OperandKind::Symbol) {
        report(Sink.report(DiagID::err_wgmma_vector, E.src().range(),
                           {Name.str(), Role}),
               Row.Section);
        return;
      }
      std::optional<llvm::StringRef> Type = Regs.registerType(E.text());
      if (!Type)
        continue;
      bool IsFloat = Type->starts_with(".f") && !(Half2 && *Type == ".f16x2");
      if (typeWidth(*Type) != 32 || *Type == ".pred") {
        report(Sink.report(DiagID::err_wgmma_register, E.src().range(),
                           {Name.str(), Role, Kind, E.text().str(), Type->str()}),
               Row.Section);
        return;
      }
      AllFloat &= IsFloat;
      if (IsFloat && !FirstFloat)
        FirstFloat = &E;
    }
    if (!Float && FirstFloat && AllFloat) {
      std::optional<llvm::StringRef> Type = Regs.registerType(FirstFloat->text());
      report(Sink.report(DiagID::err_wgmma_register, FirstFloat->src().range(),
                         {Name.str(), Role, Kind, FirstFloat->text().str(), Type->str()}),
             Row.Section);
      return;
    }
    if (Elems.size() != Want) {
      Diagnostic &D = Sink.report(DiagID::err_wgmma_length, O.src().range(),
                                  {Name.str(), Role, Want, static_cast<uint64_t>(Elems.size())});
      D.note(DiagID::note_wgmma_fragment, {},
             {TypeList, Role,
              std::string(Role) == "d"
                  ? (Row.DDiv == 2 ? "N/2 registers" : "N/4 .f16x2 registers")
                  : "four 32-bit registers",
              Row.Section.str()});
      report(D, Row.Section);
    }
  }

  const Module &M;
  const Function &F;
  const Instruction &I;
  const RegisterLookup &Regs;
  DiagnosticSink &Sink;
  llvm::ArrayRef<Span> Quals;
  llvm::ArrayRef<Operand> Ops;
};

} // namespace

void tcgen05::checkWgmmaFragments(const Module &M, const Function &F, uint32_t Index,
                                  const RegisterLookup &Regs, DiagnosticSink &Sink) {
  const Instruction &I = F.Instructions[Index];
  llvm::ArrayRef<Span> Quals = F.qualifiers(I.Qualifiers);
  if (I.opcode().text() != "wgmma" || Quals.empty() ||
      Quals.front().text() != ".mma_async")
    return;
  WgmmaChecker(M, F, I, Regs, Sink).run();
}

bool WgmmaFragment::validN(unsigned N) const {
  return ::validN(IntegerN ? NSet::Integer : NSet::Float, N);
}

std::vector<WgmmaFragment> tcgen05::wgmmaFragments() {
  std::vector<WgmmaFragment> Out;
  for (const FragmentRow &R : Fragments) {
    llvm::SmallVector<llvm::StringRef, 4> Types;
    R.ATypes.split(Types, '|');
    Out.push_back({R.K, std::vector<std::string>(Types.begin(), Types.end()), R.Same,
                   R.DType.str(), R.Ns == NSet::Integer, R.DDiv, R.DFloat, R.DescOps,
                   R.RegOps, R.Section.str()});
  }
  return Out;
}
