//===- WgmmaCheck.cpp - wgmma.mma_async register fragments ----------------===//
//
// Hopper's warpgroup MMA is not a Blackwell instruction, but kernels ported
// from sm_90a carry it: its target, shape, types and qualifiers, the
// register vectors of its accumulator and of A in registers, and its scalar
// operands are checked from WgmmaFragments.def.
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
/// The syntax a fragment row follows; a qualifier row's Classes is a mask.
enum Class : uint8_t { Float = 1, Integer = 2, Boolean = 4, All = 7 };
enum class Use : uint8_t { Required, Manual, Optional };
enum class ScalarKind : uint8_t { PredOrImm, Imm };

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
  Class Syntax;
};

struct QualRow {
  llvm::StringRef Word;
  uint8_t Classes;
  Use Usage;
  bool Repeatable;
  llvm::StringRef After;
};

struct ScalarRow {
  llvm::StringRef Name;
  ScalarKind Kind;
  llvm::StringRef Values;
  bool DescOnly;
};

constexpr FragmentRow Fragments[] = {
#define WGMMA_FRAGMENT(K, ATypes, Same, DType, NSet_, DDiv, DFloat, DescOps,   \
                       RegOps, Section, Class_)                                \
  {K,      ATypes,  Same,   DType,   NSet::NSet_,  DDiv,                       \
   DFloat, DescOps, RegOps, Section, Class::Class_},
#include "WgmmaFragments.def"
};

constexpr QualRow QualRows[] = {
#define WGMMA_QUAL(Word, Classes, Use_, Repeatable, After)                     \
  {Word, Class::Classes, Use::Use_, Repeatable, After},
#include "WgmmaFragments.def"
};

constexpr ScalarRow ScalarRows[] = {
#define WGMMA_SCALAR(Name, Kind, Values, DescOnly)                             \
  {Name, ScalarKind::Kind, Values, DescOnly},
#include "WgmmaFragments.def"
};

constexpr llvm::StringLiteral SyntaxSection = "9.7.15.5.2";

constexpr llvm::StringLiteral WgmmaNames[] = {
#define WGMMA_NAME(Word) Word,
#include "WgmmaFragments.def"
};

constexpr llvm::StringLiteral Name = "wgmma.mma_async";

bool validN(NSet S, unsigned N) {
  if (S == NSet::Float)
    return N % 8 == 0 && N >= 8 && N <= 256;
  return (N % 8 == 0 && N >= 8 && N <= 32) ||
         (N % 16 == 0 && N >= 48 && N <= 256);
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
      : M(M), F(F), I(I), Regs(Regs), Sink(Sink),
        Quals(F.qualifiers(I.Qualifiers)), Ops(F.operands(I.Operands)) {}

  void run() {
    checkTarget();
    const Span *Shape = nullptr;
    unsigned N = 0, K = 0;
    // ptxas takes the shape and the types anywhere among the qualifiers:
    // the types in the order d, a, b.
    llvm::SmallVector<const Span *, 3> Types;
    llvm::SmallVector<const Span *, 4> Words;
    for (const Span &Q : Quals.drop_front()) {
      llvm::StringRef W = Q.text();
      unsigned QN = 0, QK = 0;
      if (W.consume_front(".m64n")) {
        auto [NText, KText] = W.split('k');
        if (NText.getAsInteger(10, QN) || KText.getAsInteger(10, QK)) {
          Words.push_back(&Q);
        } else if (Shape) {
          // ptxas: "Multiple matrix shape modifiers specified".
          report(Sink.report(DiagID::err_wgmma_qual_twice, Q.range(),
                             {Name.str(), Q.text().str()}),
                 SyntaxSection);
        } else {
          Shape = &Q;
          N = QN;
          K = QK;
        }
      } else if (isTypeWord(W)) {
        Types.push_back(&Q);
      } else {
        Words.push_back(&Q);
      }
    }
    std::optional<Class> Syntax;
    std::string Named = Name.str();
    std::string TypeList;
    for (const Span *T : Types)
      TypeList += T->text();
    if (Types.size() == 3) {
      Syntax = classOf(Shape ? K : 0, Types[0]->text(), Types[1]->text(),
                       Types[2]->text());
      Named += " with types " + TypeList;
    }
    checkQualifiers(Words, Syntax, Named);
    if (!Shape) {
      // ptxas: "Shape modifier required".
      report(Sink.report(DiagID::err_wgmma_qual_missing, nameRange(),
                         {Name.str(), ".m64nNkK"}),
             SyntaxSection);
      return;
    }
    if (Types.size() != 3) {
      // ptxas: "Unexpected instruction types specified".
      reportTypes(Types.empty()
                      ? nameRange()
                      : Span(Types.front()->Begin, Types.back()->End).range(),
                  Types.empty() ? std::string("none") : TypeList, K);
      return;
    }
    llvm::StringRef D = Types[0]->text(), A = Types[1]->text(),
                    B = Types[2]->text();
    const FragmentRow *Row = nullptr;
    bool KnownK = false;
    for (const FragmentRow &R : Fragments) {
      KnownK |= R.K == K;
      if (R.K == K && typesMatch(R, D, A, B))
        Row = &R;
    }
    if (!KnownK) {
      report(Sink.report(DiagID::err_wgmma_shape, Shape->range(),
                         {Shape->text().str(), Name.str(), TypeList}),
             "9.7.15.5.1.1");
      return;
    }
    if (!Row) {
      reportTypes(Span(Types.front()->Begin, Types.back()->End).range(),
                  TypeList, K);
      return;
    }
    if (!validN(Row->Ns, N)) {
      Diagnostic &Diag =
          Sink.report(DiagID::err_wgmma_shape, Shape->range(),
                      {Shape->text().str(), Name.str(), TypeList});
      Diag.note(DiagID::note_wgmma_valid, {},
                {Row->DType.str(), describeNs(Row->Ns)});
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
    if (Ops.size() > 2)
      checkBDescriptor(Ops[2]);
    unsigned Want = ARegs ? Row->RegOps : Row->DescOps;
    checkScalars(ARegs, Want, Named);
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

  void reportTypes(llvm::SMRange Where, const std::string &TypeList,
                   unsigned K) {
    Diagnostic &D =
        Sink.report(DiagID::err_wgmma_types, Where, {TypeList, Name.str(), K});
    for (const FragmentRow &R : Fragments)
      if (R.K == K)
        D.note(DiagID::note_wgmma_valid, {},
               {"k=" + std::to_string(K),
                R.DType.str() + " with A and B of " + R.ATypes.str() +
                    (R.Same ? " (both the same)" : "")});
    report(D, "9.7.15.5.1.1");
  }

  /// The syntax of the row of k K with types D, A and B: none when no row
  /// has them (TC7202, TC7203), and then only what every row needs is
  /// asked for.
  static std::optional<Class> classOf(unsigned K, llvm::StringRef D,
                                      llvm::StringRef A, llvm::StringRef B) {
    for (const FragmentRow &R : Fragments)
      if (R.K == K && typesMatch(R, D, A, B))
        return R.Syntax;
    return std::nullopt;
  }

  static bool typesMatch(const FragmentRow &R, llvm::StringRef D,
                         llvm::StringRef A, llvm::StringRef B) {
    return R.DType == D && hasWord(R.ATypes, A) && hasWord(R.ATypes, B) &&
           (!R.Same || A == B);
  }

  static const QualRow *qualRow(llvm::StringRef Word) {
    for (const QualRow &R : QualRows)
      if (R.Word == Word)
        return &R;
    return nullptr;
  }

  /// wgmma.mma_async, which a missing qualifier should follow.
  llvm::SMRange nameRange() const {
    return Span(I.opcode().Begin, Quals.front().End).range();
  }

  /// Words are the qualifiers that are neither the name, the shape nor a
  /// type; Syntax is unknown when the types are.
  void checkQualifiers(llvm::ArrayRef<const Span *> Words,
                       std::optional<Class> Syntax, const std::string &Named) {
    auto Takes = [&](const QualRow &R) {
      return !Syntax || (R.Classes & *Syntax);
    };
    llvm::SmallVector<const QualRow *, 4> Seen;
    for (const Span *W : Words) {
      const QualRow *R = qualRow(W->text());
      if (!R || !Takes(*R)) {
        Diagnostic &D = Sink.report(DiagID::err_wgmma_qual_invalid, W->range(),
                                    {W->text().str(), R ? Named : Name.str()});
        std::vector<std::string> Valid;
        for (const QualRow &Q : QualRows)
          if (Takes(Q))
            Valid.push_back(Q.Word.str());
        D.note(DiagID::note_wgmma_quals, {},
               {Syntax ? Named : Name.str(), DiagArg::list(std::move(Valid))});
        report(D, SyntaxSection);
        continue;
      }
      if (!R->Repeatable && llvm::is_contained(Seen, R))
        report(Sink.report(DiagID::err_wgmma_qual_twice, W->range(),
                           {Name.str(), R->Word.str()}),
               SyntaxSection);
      bool AfterSeen =
          R->After.empty() || llvm::any_of(Seen, [&](const QualRow *S) {
            return S->Word == R->After;
          });
      bool AfterLater = !AfterSeen && llvm::any_of(Words, [&](const Span *O) {
        return O->Begin > W->Begin && O->text() == R->After;
      });
      if (AfterLater)
        report(Sink.report(DiagID::err_wgmma_qual_order, W->range(),
                           {R->Word.str(), R->After.str(), Name.str()}),
               SyntaxSection);
      Seen.push_back(R);
    }
    for (const QualRow &R : QualRows) {
      if (R.Usage == Use::Optional || llvm::is_contained(Seen, &R) ||
          !(Syntax ? (R.Classes & *Syntax) : R.Classes == All))
        continue;
      bool Manual = R.Usage == Use::Manual;
      report(Sink.report(Manual ? DiagID::warn_wgmma_qual_manual
                                : DiagID::err_wgmma_qual_missing,
                         nameRange(),
                         {Manual ? Name.str() : Named, R.Word.str()}),
             SyntaxSection);
    }
  }

  /// The operands after d, a and b: Want operands in all.
  void checkScalars(bool ARegs, unsigned Want, const std::string &Named) {
    unsigned Index = 3;
    for (const ScalarRow &S : ScalarRows) {
      if (Index >= std::min<size_t>(Want, Ops.size()))
        return;
      if (ARegs && S.DescOnly)
        continue;
      checkScalar(S, Ops[Index++], Named);
    }
  }

  void checkScalar(const ScalarRow &S, const Operand &O,
                   const std::string &Named) {
    llvm::SmallVector<llvm::StringRef, 2> Values;
    S.Values.split(Values, '|');
    std::string Allowed = llvm::join(Values, " or ");
    if (S.Kind == ScalarKind::PredOrImm) {
      const Operand &Reg = O.Kind == OperandKind::Unary && O.Op == '!'
                               ? F.Operands[O.children().First]
                               : O;
      if (Reg.Kind == OperandKind::Register) {
        std::optional<llvm::StringRef> Type = Regs.registerType(Reg.text());
        if (!Type || *Type == ".pred")
          return;
      }
      Allowed = "a predicate, " + Allowed;
    }
    if (isImmediate(F, O)) {
      bool Neg = O.Kind == OperandKind::Unary;
      const Operand &Lit = Neg ? F.Operands[O.children().First] : O;
      for (llvm::StringRef V : Values) {
        int64_t Want = 0;
        if (!V.getAsInteger(10, Want) && !Lit.Overflow &&
            inRange(Neg, Lit.value(), Want, Want))
          return;
      }
    }
    report(Sink.report(DiagID::err_wgmma_scalar, O.src().range(),
                       {Named, S.Name.str(), Allowed, O.text().str()}),
           SyntaxSection);
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
    if (isDescriptor(O))
      return true;
    // ptxas: "Vector expected for argument 1".
    Diagnostic &D = Sink.report(DiagID::err_wgmma_vector, O.src().range(),
                                {Name.str(), "a"});
    D.note(DiagID::note_wgmma_a_forms, {}, {});
    report(D, Row.Section);
    return false;
  }

  /// B is always in shared memory.
  void checkBDescriptor(const Operand &O) {
    // ptxas: "Arguments mismatch".
    if (!isDescriptor(O))
      report(Sink.report(DiagID::err_wgmma_descriptor, O.src().range(),
                         {Name.str(), "b-desc", O.text().str()}),
             SyntaxSection);
  }

  bool isDescriptor(const Operand &O) const {
    if (isImmediate(F, O))
      return true;
    if (O.Kind != OperandKind::Register)
      return false;
    std::optional<llvm::StringRef> Type = Regs.registerType(O.text());
    return !Type || (typeWidth(*Type) == 64 && !Type->starts_with(".f"));
  }

  /// A vector of Want 32-bit registers; floating-point ones only where
  /// Float allows them, or (as ptxas has it) next to one that is not;
  /// .f16x2 ones where Half2 allows them (ptxas 13.0: in A always, in an
  /// .f16 accumulator, not in an .s32 one).
  void checkVector(const Operand &O, const char *Role, unsigned Want,
                   bool Float, bool Half2, const FragmentRow &Row,
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
        report(
            Sink.report(DiagID::err_wgmma_register, E.src().range(),
                        {Name.str(), Role, Kind, E.text().str(), Type->str()}),
            Row.Section);
        return;
      }
      AllFloat &= IsFloat;
      if (IsFloat && !FirstFloat)
        FirstFloat = &E;
    }
    if (!Float && FirstFloat && AllFloat) {
      std::optional<llvm::StringRef> Type =
          Regs.registerType(FirstFloat->text());
      report(Sink.report(DiagID::err_wgmma_register, FirstFloat->src().range(),
                         {Name.str(), Role, Kind, FirstFloat->text().str(),
                          Type->str()}),
             Row.Section);
      return;
    }
    if (Elems.size() != Want) {
      Diagnostic &D = Sink.report(
          DiagID::err_wgmma_length, O.src().range(),
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

void tcgen05::checkWgmmaFragments(const Module &M, const Function &F,
                                  uint32_t Index, const RegisterLookup &Regs,
                                  DiagnosticSink &Sink) {
  const Instruction &I = F.Instructions[Index];
  llvm::ArrayRef<Span> Quals = F.qualifiers(I.Qualifiers);
  if (I.op() != Opcode::Wgmma)
    return;
  auto IsName = [](const Span &Q) {
    return llvm::is_contained(WgmmaNames, Q.text());
  };
  if (Quals.empty() || !IsName(Quals.front())) {
    // ptxas: "Not a name of any known instruction: 'wgmma'".
    const Span *Later = llvm::find_if(Quals, IsName);
    Diagnostic &D =
        Later != Quals.end()
            ? Sink.report(DiagID::err_other_qual_first, Later->range(),
                          {Later->text().str(), "wgmma"})
            : Sink.report(DiagID::err_wgmma_name,
                          Quals.empty() ? I.opcode().range()
                                        : Quals.front().range(),
                          {Quals.empty() ? std::string("wgmma")
                                         : Quals.front().text().str()});
    D.note(DiagID::note_wgmma_names, {}, {DiagArg::list(wgmmaNames())});
    D.note(DiagID::note_cite, {}, {"9.7.15"});
    return;
  }
  if (Quals.front().text() == ".mma_async")
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
    std::vector<std::string> Required;
    for (const QualRow &Q : QualRows)
      if ((Q.Classes & R.Syntax) && Q.Usage != Use::Optional)
        Required.push_back(Q.Word.str());
    Out.push_back({R.K, std::vector<std::string>(Types.begin(), Types.end()),
                   R.Same, R.DType.str(), R.Ns == NSet::Integer, R.DDiv,
                   R.DFloat, R.DescOps, R.RegOps, R.Section.str(),
                   std::move(Required)});
  }
  return Out;
}

std::vector<WgmmaSyntaxRow> tcgen05::wgmmaQualifierRows() {
  std::vector<WgmmaSyntaxRow> Out;
  for (const QualRow &R : QualRows) {
    // The A types of the fragment rows whose syntax takes it.
    llvm::SmallVector<llvm::StringRef, 8> Types;
    for (const FragmentRow &F : Fragments)
      if (F.Syntax & R.Classes) {
        llvm::SmallVector<llvm::StringRef, 4> Row;
        F.ATypes.split(Row, '|');
        for (llvm::StringRef T : Row)
          if (!llvm::is_contained(Types, T))
            Types.push_back(T);
      }
    std::string Takes =
        R.Classes == All ? "every type" : "`" + llvm::join(Types, "`, `") + "`";
    std::string Usage =
        R.Usage == Use::Required ? "required"
        : R.Usage == Use::Manual
            ? "required by the manual; ptxas 13.0 takes it missing (warning)"
            : "optional";
    std::string Note = R.Repeatable ? "may be written twice" : "at most once";
    if (!R.After.empty())
      Note += "; after `" + R.After.str() + "`";
    Out.push_back({R.Word.str(), Takes, Usage, Note});
  }
  return Out;
}

std::vector<WgmmaSyntaxRow> tcgen05::wgmmaScalarRows() {
  std::vector<WgmmaSyntaxRow> Out;
  for (const ScalarRow &R : ScalarRows) {
    llvm::SmallVector<llvm::StringRef, 2> Values;
    R.Values.split(Values, '|');
    Out.push_back({R.Name.str(), llvm::join(Values, " or "),
                   R.Kind == ScalarKind::PredOrImm
                       ? "a predicate or an immediate"
                       : "an immediate",
                   R.DescOnly ? "A in shared memory only" : ""});
  }
  return Out;
}

std::vector<std::string> tcgen05::wgmmaNames() {
  return std::vector<std::string>(std::begin(WgmmaNames), std::end(WgmmaNames));
}
