//===- OtherInstructionCheck.cpp - Stack, video and miscellaneous rules ---===//
//
// One engine for every row of OtherInstructions.def: the row is chosen by
// opcode and variant qualifier, then qualifiers are matched to the row's
// slots, operands to its operand specs, and the target and .version to
// its requirements.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Sema/OtherInstructionCheck.h"

#include "Immediates.h"
#include "Tcgen05/Rules.h"

#include "tcgen05/Basic/Target.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

using namespace tcgen05;
using namespace tcgen05::rules;

namespace {

enum class OtherId : uint8_t {
#define OTHER_INSTR(Id, Opcode, Variant, MinPTX, MinSM, Targets, Section) Id,
#include "OtherInstructions.def"
};

enum class SlotUse : uint8_t {
  Required,
  Optional,
  First,
  Repeatable,
  OptionalRepeatable
};
using OperandKindRule = OtherOperandKind;
enum class Presence : uint8_t { Required, Optional };

bool required(SlotUse U) {
  return U != SlotUse::Optional && U != SlotUse::OptionalRepeatable;
}
bool repeatable(SlotUse U) {
  return U == SlotUse::Repeatable || U == SlotUse::OptionalRepeatable;
}

struct InstrRow {
  OtherId Id;
  Opcode Op;
  llvm::StringRef Variant;
  unsigned MinPTX;
  unsigned MinSM;
  TargetSetId Targets;
  llvm::StringRef Section;
};

struct SlotRow {
  OtherId Id;
  llvm::StringRef Name;
  llvm::StringRef Values; ///< '.a|.b'
  SlotUse Use;
};

struct OperandRow {
  OtherId Id;
  llvm::StringRef Name;
  OperandKindRule Kind;
  int64_t Min, Max;
  int64_t Step;
  Presence Use;
  OtherSelectors Sel;
};

struct RuleRow {
  OtherId Id;
  OtherRule Rule;
};

constexpr InstrRow Instrs[] = {
#define OTHER_INSTR(Id, Name, Variant, MinPTX, MinSM, Targets, Section)        \
  {OtherId::Id, opcodeNamed(Name),    Variant, MinPTX,                         \
   MinSM,       TargetSetId::Targets, Section},
#include "OtherInstructions.def"
};
#define OTHER_INSTR(Id, Name, Variant, MinPTX, MinSM, Targets, Section)        \
  static_assert(                                                               \
      opcodeNamed(Name) != Opcode::Unknown,                                    \
      "an OtherInstructions.def row names no opcode of Opcodes.def");
#include "OtherInstructions.def"

constexpr SlotRow Slots[] = {
#define OTHER_QUALS(Id, Name, Values, Use)                                     \
  {OtherId::Id, Name, Values, SlotUse::Use},
#include "OtherInstructions.def"
};

constexpr OperandRow Operands[] = {
#define OTHER_OPERAND(Id, Name, Kind, Min, Max, Step, Use, Sel)                \
  {OtherId::Id, Name, OperandKindRule::Kind, Min,                              \
   Max,         Step, Presence::Use,         OtherSelectors::Sel},
#include "OtherInstructions.def"
};

struct UndocumentedRow {
  OtherId Id;
  llvm::StringLiteral Slot, Value;
};

constexpr UndocumentedRow Undocumented[] = {
#define OTHER_UNDOCUMENTED(Id, Slot, Value) {OtherId::Id, Slot, Value},
#include "OtherInstructions.def"
};

constexpr RuleRow Rules[] = {
#define OTHER_RULE(Id, Rule) {OtherId::Id, OtherRule::Rule},
#include "OtherInstructions.def"
};

/// Whether Sel (".b0", with its dot) is one of set S.
bool selectorIn(OtherSelectors S, llvm::StringRef Sel) {
  auto Digits = [&](char Lead, size_t Min, size_t Max, char Hi,
                    bool Descending) {
    if (Sel.size() < 2 + Min || Sel.size() > 2 + Max || Sel[0] != '.' ||
        Sel[1] != Lead)
      return false;
    for (size_t K = 2; K < Sel.size(); ++K)
      if (Sel[K] < '0' || Sel[K] > Hi ||
          (Descending && K > 2 && Sel[K] >= Sel[K - 1]))
        return false;
    return true;
  };
  switch (S) {
  case OtherSelectors::NoSel:
    return false;
  case OtherSelectors::ScalarSel:
    return Digits('b', 1, 1, '3', false) || Digits('h', 1, 1, '1', false);
  case OtherSelectors::Simd2Mask:
    return Sel == ".h0" || Sel == ".h1" || Sel == ".h10";
  case OtherSelectors::Simd2Sel:
    return Digits('h', 2, 2, '3', false);
  case OtherSelectors::Simd4Mask:
    return Digits('b', 1, 4, '3', true);
  case OtherSelectors::Simd4Sel:
    return Digits('b', 4, 4, '7', false);
  }
  return false;
}

template <typename Row>
llvm::SmallVector<const Row *, 4> rowsOf(llvm::ArrayRef<Row> All, OtherId Id) {
  llvm::SmallVector<const Row *, 4> Out;
  for (const Row &R : All)
    if (R.Id == Id)
      Out.push_back(&R);
  return Out;
}

bool slotHas(const SlotRow &S, llvm::StringRef Word) {
  llvm::StringRef Rest = S.Values;
  while (!Rest.empty()) {
    auto [V, Tail] = Rest.split('|');
    if (V == Word)
      return true;
    Rest = Tail;
  }
  return false;
}

std::vector<std::string> slotValues(const SlotRow &S) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  S.Values.split(Parts, '|');
  return std::vector<std::string>(Parts.begin(), Parts.end());
}

/// The slot's name as messages say it: its only value, or its name.
std::string slotName(const SlotRow &S) {
  return S.Values.contains('|') ? S.Name.str() : S.Values.str();
}

class OtherChecker {
public:
  OtherChecker(const Module &M, const Function &F, uint32_t Index,
               const RegisterLookup &Regs, DiagnosticSink &Sink)
      : M(M), F(F), I(F.Instructions[Index]), Regs(Regs), Sink(Sink),
        Quals(F.qualifiers(I.Qualifiers)), Ops(F.operands(I.Operands)) {}

  void run() {
    Row = chooseRow();
    Name = opcodeName(Row->Op).str() + Row->Variant.str();
    checkTarget();
    checkQualifiers();
    checkOperands();
  }

private:
  const InstrRow *chooseRow() const {
    const InstrRow *Plain = nullptr;
    for (const InstrRow &R : Instrs) {
      if (R.Op != I.op())
        continue;
      if (R.Variant.empty())
        Plain = &R;
      else if (llvm::any_of(
                   Quals, [&](const Span &Q) { return Q.text() == R.Variant; }))
        return &R;
    }
    return Plain;
  }

  Diagnostic &cite(Diagnostic &D) {
    return D.note(DiagID::note_cite, {}, {Row->Section.str()});
  }

  /// The opcode and its qualifiers: where instruction-wide findings point.
  Span nameSpan() const {
    return Span(I.opcode().Begin,
                Quals.empty() ? I.opcode().End : Quals.back().End);
  }

  void checkTarget() {
    if (M.EffectiveTarget) {
      const TargetInfo &T = *M.EffectiveTarget;
      unsigned Version = M.VersionMajor * 10 + M.VersionMinor;
      // A .version too old for the target itself is reported at .target.
      unsigned TargetVersion = std::max(Version, T.MinPTX);
      bool SMOk = T.SM >= Row->MinSM;
      if (!SMOk || !targetSetContains(Row->Targets, T, TargetVersion)) {
        Diagnostic &D = Sink.report(DiagID::err_other_target,
                                    nameSpan().range(), {Name, T.Name.str()});
        D.note(DiagID::note_tcgen05_supported_on, {}, {Name, supportedOn()});
        cite(D);
      }
    }
    if (M.Version.valid() && M.VersionMajor * 10 + M.VersionMinor < Row->MinPTX)
      cite(Sink.report(DiagID::err_other_version, nameSpan().range(),
                       {Name, formatPTXVersion(Row->MinPTX)}));
  }

  std::string supportedOn() const {
    std::string SM =
        Row->MinSM ? "sm_" + std::to_string(Row->MinSM) + " and higher" : "";
    if (Row->Targets == TargetSetId::Any)
      return SM.empty() ? "every target" : SM;
    return describeTargetSet(Row->Targets);
  }

  void checkQualifiers() {
    auto RowSlots = rowsOf(llvm::ArrayRef<SlotRow>(Slots), Row->Id);
    llvm::SmallVector<const Span *, 4> Filled(RowSlots.size(), nullptr);
    bool AnyInvalid = false;
    for (size_t K = 0; K < Quals.size(); ++K) {
      const Span &Q = Quals[K];
      // The first slot still empty that takes Q, or else the first that
      // takes it at all (Q written twice).
      size_t First = RowSlots.size(), Empty = RowSlots.size(),
             TypeLeft = RowSlots.size();
      for (size_t Slot = RowSlots.size(); Slot-- > 0;) {
        bool Takes = slotHas(*RowSlots[Slot], Q.text());
        if (Takes)
          First = Slot;
        if (Takes && !Filled[Slot])
          Empty = Slot;
        if (!Filled[Slot] && RowSlots[Slot]->Name.ends_with("type"))
          TypeLeft = Slot;
      }
      auto *It = RowSlots.begin() + (Empty < RowSlots.size() ? Empty : First);
      // .s32 after two types where the third takes only .u32: the type
      // slot left is what it was meant for.
      if (Empty == RowSlots.size() && First < RowSlots.size() &&
          RowSlots[First]->Name.ends_with("type") &&
          TypeLeft < RowSlots.size()) {
        const SlotRow &Left = *RowSlots[TypeLeft];
        Diagnostic &D = Sink.report(DiagID::err_other_type_slot, Q.range(),
                                    {Q.text().str(), Left.Name.str(), Name});
        D.note(DiagID::note_tcgen05_valid_values, {},
               {Left.Name.str(), DiagArg::list(slotValues(Left))});
        cite(D);
        Filled[TypeLeft] = &Q;
        continue;
      }
      if (It == RowSlots.end()) {
        // A spelling ptxas takes though the manual does not list it.
        auto *Slot = llvm::find_if(RowSlots, [&](const SlotRow *S) {
          return llvm::any_of(Undocumented, [&](const UndocumentedRow &U) {
            return U.Id == Row->Id && U.Slot == S->Name && U.Value == Q.text();
          });
        });
        if (Slot != RowSlots.end() && !Filled[Slot - RowSlots.begin()]) {
          cite(Sink.report(DiagID::warn_other_undocumented_qualifier, Q.range(),
                           {Q.text().str(), Name, (*Slot)->Name.str()}));
          Filled[Slot - RowSlots.begin()] = &Q;
          if ((*Slot)->Name == "type")
            TypeWidth = typeWidth(Q.text());
          continue;
        }
        cite(Sink.report(DiagID::err_other_qual_invalid, Q.range(),
                         {Q.text().str(), Name}));
        AnyInvalid = true;
        continue;
      }
      size_t Slot = It - RowSlots.begin();
      const SlotRow &S = **It;
      if (const Span *Before = Filled[Slot]) {
        if (!(repeatable(S.Use) && Before->text() == Q.text())) {
          Diagnostic &D = Sink.report(DiagID::err_other_qual_twice, Q.range(),
                                      {Name, slotName(S)});
          D.note(DiagID::note_tcgen05_previous_qualifier, Before->range(),
                 {slotName(S)});
          cite(D);
          // Two types: which width the operands need is anyone's guess.
          if (S.Name == "type")
            TypeWidth = 0;
        }
        continue;
      }
      if (S.Use == SlotUse::First && K != 0)
        cite(Sink.report(DiagID::err_other_qual_first, Q.range(),
                         {Q.text().str(), Name}));
      Filled[Slot] = &Q;
      if (S.Name == "type")
        TypeWidth = typeWidth(Q.text());
    }
    // A qualifier that fits no slot most likely meant to fill the one left
    // empty (stacksave.b64): one error, not two.
    if (AnyInvalid)
      return;
    for (size_t Slot = 0; Slot < RowSlots.size(); ++Slot) {
      const SlotRow &S = *RowSlots[Slot];
      if (Filled[Slot] || !required(S.Use))
        continue;
      Diagnostic &D = Sink.report(DiagID::err_other_qual_missing,
                                  nameSpan().range(), {Name, slotName(S)});
      D.note(DiagID::note_tcgen05_valid_values, {},
             {S.Name.str(), DiagArg::list(slotValues(S))});
      cite(D);
    }
  }

  void checkOperands() {
    auto Specs = rowsOf(llvm::ArrayRef<OperandRow>(Operands), Row->Id);
    unsigned Required = llvm::count_if(Specs, [](const OperandRow *O) {
      return O->Use == Presence::Required;
    });
    unsigned Most = Specs.size();
    if (Ops.size() < Required || Ops.size() > Most) {
      Span At = Ops.empty()
                    ? nameSpan()
                    : Span(Ops.front().src().Begin, Ops.back().src().End);
      Diagnostic &D =
          Required == Most
              ? Sink.report(DiagID::err_other_operand_count, At.range(),
                            {Name, Required, static_cast<uint64_t>(Ops.size())})
              : Sink.report(
                    DiagID::err_other_operand_count_either, At.range(),
                    {Name, Required, Most, static_cast<uint64_t>(Ops.size())});
      cite(D);
      return;
    }
    for (size_t K = 0; K < Ops.size(); ++K)
      checkOperand(*Specs[K], Ops[K]);
    for (const RuleRow &R : Rules)
      if (R.Id == Row->Id)
        checkRule(R.Rule);
  }

  /// The qualifier of slot SlotName written on the instruction, or null.
  const Span *qualifierOf(llvm::StringRef SlotName) const {
    for (const SlotRow *S : rowsOf(llvm::ArrayRef<SlotRow>(Slots), Row->Id))
      if (S->Name == SlotName)
        for (const Span &Q : Quals)
          if (slotHas(*S, Q.text()))
            return &Q;
    return nullptr;
  }

  static bool isNegated(const Operand &O) {
    return O.Kind == OperandKind::Unary && O.Op == '-';
  }

  void checkRule(OtherRule Rule) {
    switch (Rule) {
    case OtherRule::SecondaryNeedsC:
      if (const Span *Op2 = qualifierOf("op2"); Op2 && Ops.size() == 3)
        cite(Sink.report(DiagID::err_other_needs_operand, Op2->range(),
                         {Name, Op2->text().str(), "c"}));
      return;
    case OtherRule::DestSelMerge: {
      if (Ops.empty() || Ops[0].Kind != OperandKind::Member)
        return;
      std::string Sel = Ops[0].member().text().str();
      if (const Span *Op2 = qualifierOf("op2"))
        cite(Sink.report(DiagID::err_other_dsel_with_op2,
                         Ops[0].member().range(),
                         {Sel, Name, Op2->text().str()}));
      else if (Ops.size() == 3)
        cite(Sink.report(DiagID::err_other_dsel_needs_c,
                         Ops[0].member().range(), {Sel, Name}));
      return;
    }
    case OtherRule::SatNotWithAdd: {
      const Span *Sat = qualifierOf("sat"), *Add = qualifierOf("add");
      if (Sat && Add)
        cite(Sink.report(DiagID::err_other_quals_exclusive, Add->range(),
                         {Sat->text().str(), Add->text().str(), Name}));
      return;
    }
    case OtherRule::PoNotWithNegation:
      if (const Span *Po = qualifierOf("po"))
        for (const Operand &O : Ops)
          if (isNegated(O)) {
            cite(Sink.report(DiagID::err_other_po_negation, O.src().range(),
                             {Po->text().str(), Name}));
            return;
          }
      return;
    }
  }

  void expect(const OperandRow &R, const Operand &O, const char *What) {
    cite(Sink.report(DiagID::err_other_operand_kind, O.src().range(),
                     {Name, R.Name.str(), What}));
  }

  void checkOperand(const OperandRow &R, const Operand &O) {
    bool IsName =
        O.Kind == OperandKind::Register || O.Kind == OperandKind::Symbol;
    bool Imm = isImmediate(F, O);
    switch (R.Kind) {
    case OperandKindRule::Video:
    case OperandKindRule::VideoReg:
    case OperandKindRule::VideoNeg:
      return checkVideoOperand(R, O);
    case OperandKindRule::Imm:
      if (!Imm)
        return expect(R, O, "an immediate");
      return checkImmediate(R, O);
    case OperandKindRule::Result:
    case OperandKindRule::Typed:
      if (!IsName)
        return expect(R, O, "a register");
      return checkRegister(R, O, TypeWidth);
    case OperandKindRule::TypedOrImm:
      if (Imm)
        return checkImmediate(R, O);
      if (!IsName)
        return expect(R, O, "a register or an immediate");
      return checkRegister(R, O, TypeWidth);
    case OperandKindRule::Reg32OrImm:
      if (Imm)
        return;
      if (!IsName)
        return expect(R, O, "a register or an immediate");
      return checkRegister(R, O, 32);
    }
  }

  /// A video operand: a 32-bit register, with a selector from the
  /// operand's set, negated where vmad allows, or an immediate.
  void checkVideoOperand(const OperandRow &R, const Operand &O) {
    const Operand *Reg = &O;
    if (isNegated(O) && !isImmediate(F, O)) {
      if (R.Kind != OperandKindRule::VideoNeg)
        return expect(R, O, "a register or an immediate, not negated");
      Reg = &F.Operands[O.children().First];
    }
    if (isImmediate(F, *Reg)) {
      if (R.Kind == OperandKindRule::VideoReg)
        expect(R, O, "a register");
      return;
    }
    llvm::StringRef Text = Reg->text();
    if (Reg->Kind == OperandKind::Member) {
      Span Sel = Reg->member();
      Text = Text.drop_back(Sel.text().size());
      if (R.Sel == OtherSelectors::NoSel)
        cite(Sink.report(DiagID::err_other_no_selector, Sel.range(),
                         {Name, R.Name.str(), Sel.text().str()}));
      else if (!selectorIn(R.Sel, Sel.text()))
        cite(Sink.report(DiagID::err_other_bad_selector, Sel.range(),
                         {Sel.text().str(), R.Name.str(), Name})
                 .note(DiagID::note_other_selectors, {},
                       {R.Name.str(), describeSelectors(R.Sel)}));
    } else if (Reg->Kind != OperandKind::Register &&
               Reg->Kind != OperandKind::Symbol) {
      return expect(R, O,
                    R.Kind == OperandKindRule::VideoReg
                        ? "a register"
                        : "a register or an immediate");
    }
    // A selector's base is a register or a variable as the bare name is.
    Operand Base = *Reg;
    Base.Kind =
        Text.starts_with("%") ? OperandKind::Register : OperandKind::Symbol;
    Base.setSrc(Span(Text.begin(), Text.end()));
    checkRegister(R, Base, 32);
  }

  void checkRegister(const OperandRow &R, const Operand &O, unsigned Width) {
    std::optional<llvm::StringRef> Type = Regs.registerType(O.text());
    if (!Type) {
      // An undeclared %name is the symbol check's; a bare name that is no
      // register is a variable or a function.
      if (O.Kind == OperandKind::Symbol)
        expect(R, O, "a register, not a variable");
      return;
    }
    bool Integer = Type->starts_with(".b") || Type->starts_with(".u") ||
                   Type->starts_with(".s");
    if (Integer && (!Width || typeWidth(*Type) == Width))
      return;
    std::string Want =
        (Width ? std::to_string(Width) + "-bit " : std::string()) +
        "integer or bit-size";
    cite(Sink.report(DiagID::err_other_operand_type, O.src().range(),
                     {Name, R.Name.str(), Want, O.text().str(), Type->str()}));
  }

  void checkImmediate(const OperandRow &R, const Operand &O) {
    bool Neg = O.Kind == OperandKind::Unary;
    const Operand &Lit = Neg ? F.Operands[O.children().First] : O;
    uint64_t Mag = Lit.value();
    std::string Text = O.text().str();
    if (R.Min <= R.Max && (Lit.Overflow || !inRange(Neg, Mag, R.Min, R.Max)))
      cite(Sink.report(
          DiagID::err_other_operand_range, O.src().range(),
          {Name, R.Name.str(), DiagArg::range(R.Min, R.Max), Text}));
    if (Neg || Lit.Overflow)
      return;
    if (R.Step > 0 && Mag % static_cast<uint64_t>(R.Step) != 0)
      cite(Sink.report(
          DiagID::err_other_operand_multiple, O.src().range(),
          {Name, R.Name.str(), static_cast<uint64_t>(R.Step), Text}));
    if (R.Step == -1 && (Mag == 0 || (Mag & (Mag - 1)) != 0))
      cite(Sink.report(DiagID::err_other_operand_pow2, O.src().range(),
                       {Name, R.Name.str(), Text}));
  }

  const Module &M;
  const Function &F;
  const Instruction &I;
  const RegisterLookup &Regs;
  DiagnosticSink &Sink;
  llvm::ArrayRef<Span> Quals;
  llvm::ArrayRef<Operand> Ops;
  const InstrRow *Row = nullptr;
  std::string Name;
  /// The width the type qualifier gives (0: none written).
  unsigned TypeWidth = 0;
};

} // namespace

const char *tcgen05::describeSelectors(OtherSelectors S) {
  switch (S) {
  case OtherSelectors::NoSel:
    return "none";
  case OtherSelectors::ScalarSel:
    return ".b0, .b1, .b2, .b3, .h0 or .h1";
  case OtherSelectors::Simd2Mask:
    return ".h0, .h1 or .h10";
  case OtherSelectors::Simd2Sel:
    return ".hxy with x and y in 0-3 (.h10, .h32, ...)";
  case OtherSelectors::Simd4Mask:
    return ".b0 to .b3210: digits 0-3, each once, in descending order";
  case OtherSelectors::Simd4Sel:
    return ".bxyzw with x, y, z and w in 0-7 (.b3210, .b7654, ...)";
  }
  return "";
}

namespace {
/// Which opcodes have a row: asked of every instruction of every body.
struct CheckedOpcodes {
  bool Has[NumOpcodes] = {};
  constexpr CheckedOpcodes() {
    for (const InstrRow &R : Instrs)
      Has[static_cast<size_t>(R.Op)] = true;
  }
};
constexpr CheckedOpcodes Checked;
} // namespace

bool tcgen05::isOtherCheckedOpcode(Opcode Op) {
  return Checked.Has[static_cast<size_t>(Op)];
}

void tcgen05::checkOtherInstruction(const Module &M, const Function &F,
                                    uint32_t Index, const RegisterLookup &Regs,
                                    DiagnosticSink &Sink) {
  OtherChecker(M, F, Index, Regs, Sink).run();
}

std::vector<OtherInstructionForm> tcgen05::otherInstructionForms() {
  std::vector<OtherInstructionForm> Out;
  for (const InstrRow &R : Instrs) {
    OtherInstructionForm F;
    F.Opcode = opcodeName(R.Op).str();
    F.Name = F.Opcode + R.Variant.str();
    F.Variant = R.Variant.str();
    F.Section = R.Section.str();
    F.MinPTX = R.MinPTX;
    F.MinSM = R.MinSM;
    if (R.Targets != TargetSetId::Any)
      F.Targets = describeTargetSet(R.Targets);
    for (const SlotRow *Q : rowsOf(llvm::ArrayRef<SlotRow>(Slots), R.Id))
      F.Slots.push_back({Q->Name.str(), slotValues(*Q), required(Q->Use),
                         Q->Use == SlotUse::First, repeatable(Q->Use)});
    for (const OperandRow *O :
         rowsOf(llvm::ArrayRef<OperandRow>(Operands), R.Id))
      F.Operands.push_back(
          {O->Name.str(), static_cast<OtherOperandKind>(O->Kind), O->Min,
           O->Max, O->Step, O->Use == Presence::Optional, O->Sel});
    for (const RuleRow &Q : Rules)
      if (Q.Id == R.Id)
        F.Rules.push_back(Q.Rule);
    Out.push_back(std::move(F));
  }
  return Out;
}
