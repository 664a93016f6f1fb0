//===- OtherInstructionCheck.cpp - Stack and miscellaneous rules ----------===//
//
// One engine for every row of OtherInstructions.def: the row is chosen by
// opcode and variant qualifier, then qualifiers are matched to the row's
// slots, operands to its operand specs, and the target and .version to
// its requirements.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Sema/OtherInstructionCheck.h"

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

enum class SlotUse : uint8_t { Required, Optional, First, Repeatable };
using OperandKindRule = OtherOperandKind;
enum class Presence : uint8_t { Required, Optional };

struct InstrRow {
  OtherId Id;
  llvm::StringRef Opcode;
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
};

constexpr InstrRow Instrs[] = {
#define OTHER_INSTR(Id, Opcode, Variant, MinPTX, MinSM, Targets, Section)      \
  {OtherId::Id, Opcode, Variant, MinPTX, MinSM, TargetSetId::Targets, Section},
#include "OtherInstructions.def"
};

constexpr SlotRow Slots[] = {
#define OTHER_QUALS(Id, Name, Values, Use)                                     \
  {OtherId::Id, Name, Values, SlotUse::Use},
#include "OtherInstructions.def"
};

constexpr OperandRow Operands[] = {
#define OTHER_OPERAND(Id, Name, Kind, Min, Max, Step, Use)                     \
  {OtherId::Id, Name, OperandKindRule::Kind, Min, Max, Step, Presence::Use},
#include "OtherInstructions.def"
};

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

/// Whether the integer with sign Neg and magnitude Mag lies in [Min, Max].
bool inRange(bool Neg, uint64_t Mag, int64_t Min, int64_t Max) {
  if (Neg)
    return Min < 0 && Mag <= uint64_t(0) - static_cast<uint64_t>(Min);
  return Max >= 0 && Mag <= static_cast<uint64_t>(Max) &&
         (Min <= 0 || Mag >= static_cast<uint64_t>(Min));
}

class OtherChecker {
public:
  OtherChecker(const Module &M, const Function &F, uint32_t Index,
               const RegisterLookup &Regs, DiagnosticSink &Sink)
      : M(M), F(F), I(F.Instructions[Index]), Regs(Regs), Sink(Sink),
        Quals(F.qualifiers(I.Qualifiers)), Ops(F.operands(I.Operands)) {}

  void run() {
    Row = chooseRow();
    Name = Row->Opcode.str() + Row->Variant.str();
    checkTarget();
    checkQualifiers();
    checkOperands();
  }

private:
  const InstrRow *chooseRow() const {
    const InstrRow *Plain = nullptr;
    for (const InstrRow &R : Instrs) {
      if (R.Opcode != I.Opcode.text())
        continue;
      if (R.Variant.empty())
        Plain = &R;
      else if (llvm::any_of(Quals, [&](const Span &Q) { return Q.text() == R.Variant; }))
        return &R;
    }
    return Plain;
  }

  Diagnostic &cite(Diagnostic &D) {
    return D.note(DiagID::note_cite, {}, {Row->Section.str()});
  }

  /// The opcode and its qualifiers: where instruction-wide findings point.
  Span nameSpan() const {
    return Span(I.Opcode.Begin, Quals.empty() ? I.Opcode.End : Quals.back().End);
  }

  void checkTarget() {
    if (M.EffectiveTarget) {
      const TargetInfo &T = *M.EffectiveTarget;
      unsigned Version = M.VersionMajor * 10 + M.VersionMinor;
      // A .version too old for the target itself is reported at .target.
      unsigned TargetVersion = std::max(Version, T.MinPTX);
      bool SMOk = T.SM >= Row->MinSM;
      if (!SMOk || !targetSetContains(Row->Targets, T, TargetVersion)) {
        Diagnostic &D = Sink.report(DiagID::err_other_target, nameSpan().range(),
                                    {Name, T.Name.str()});
        D.note(DiagID::note_tcgen05_supported_on, {}, {Name, supportedOn()});
        cite(D);
      }
    }
    if (M.Version.valid() && M.VersionMajor * 10 + M.VersionMinor < Row->MinPTX)
      cite(Sink.report(DiagID::err_other_version, nameSpan().range(),
                       {Name, formatPTXVersion(Row->MinPTX)}));
  }

  std::string supportedOn() const {
    std::string SM = Row->MinSM ? "sm_" + std::to_string(Row->MinSM) + " and higher"
                                : "";
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
      auto It = llvm::find_if(RowSlots, [&](const SlotRow *S) { return slotHas(*S, Q.text()); });
      if (It == RowSlots.end()) {
        cite(Sink.report(DiagID::err_other_qual_invalid, Q.range(),
                         {Q.text().str(), Name}));
        AnyInvalid = true;
        continue;
      }
      size_t Slot = It - RowSlots.begin();
      const SlotRow &S = **It;
      if (const Span *Before = Filled[Slot]) {
        if (!(S.Use == SlotUse::Repeatable && Before->text() == Q.text())) {
          Diagnostic &D = Sink.report(DiagID::err_other_qual_twice, Q.range(),
                                      {Name, slotName(S)});
          D.note(DiagID::note_tcgen05_previous_qualifier, Before->range(), {slotName(S)});
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
      if (Filled[Slot] || S.Use == SlotUse::Optional)
        continue;
      Diagnostic &D = Sink.report(DiagID::err_other_qual_missing, nameSpan().range(),
                                  {Name, slotName(S)});
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
      Span At = Ops.empty() ? nameSpan() : Span(Ops.front().Src.Begin, Ops.back().Src.End);
      Diagnostic &D =
          Required == Most
              ? Sink.report(DiagID::err_other_operand_count, At.range(),
                            {Name, Required, static_cast<uint64_t>(Ops.size())})
              : Sink.report(DiagID::err_other_operand_count_either, At.range(),
                            {Name, Required, Most, static_cast<uint64_t>(Ops.size())});
      cite(D);
      return;
    }
    for (size_t K = 0; K < Ops.size(); ++K)
      checkOperand(*Specs[K], Ops[K]);
  }

  bool isImmediate(const Operand &O) const {
    return O.Kind == OperandKind::Integer ||
           (O.Kind == OperandKind::Unary && O.Op == '-' &&
            F.Operands[O.Children.First].Kind == OperandKind::Integer);
  }

  void expect(const OperandRow &R, const Operand &O, const char *What) {
    cite(Sink.report(DiagID::err_other_operand_kind, O.Src.range(),
                     {Name, R.Name.str(), What}));
  }

  void checkOperand(const OperandRow &R, const Operand &O) {
    bool IsName = O.Kind == OperandKind::Register || O.Kind == OperandKind::Symbol;
    bool Imm = isImmediate(O);
    switch (R.Kind) {
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
        (Width ? std::to_string(Width) + "-bit " : std::string()) + "integer or bit-size";
    cite(Sink.report(DiagID::err_other_operand_type, O.Src.range(),
                     {Name, R.Name.str(), Want, O.text().str(), Type->str()}));
  }

  void checkImmediate(const OperandRow &R, const Operand &O) {
    bool Neg = O.Kind == OperandKind::Unary;
    const Operand &Lit = Neg ? F.Operands[O.Children.First] : O;
    uint64_t Mag = Lit.Value;
    std::string Text = O.text().str();
    if (R.Min <= R.Max && (Lit.Overflow || !inRange(Neg, Mag, R.Min, R.Max)))
      cite(Sink.report(DiagID::err_other_operand_range, O.Src.range(),
                       {Name, R.Name.str(), DiagArg::range(R.Min, R.Max), Text}));
    if (Neg || Lit.Overflow)
      return;
    if (R.Step > 0 && Mag % static_cast<uint64_t>(R.Step) != 0)
      cite(Sink.report(DiagID::err_other_operand_multiple, O.Src.range(),
                       {Name, R.Name.str(), static_cast<uint64_t>(R.Step), Text}));
    if (R.Step == -1 && (Mag == 0 || (Mag & (Mag - 1)) != 0))
      cite(Sink.report(DiagID::err_other_operand_pow2, O.Src.range(),
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

bool tcgen05::isOtherCheckedOpcode(llvm::StringRef Opcode) {
  // Asked for every instruction: lengths differ for most opcodes.
  for (const InstrRow &R : Instrs)
    if (R.Opcode.size() == Opcode.size() && R.Opcode == Opcode)
      return true;
  return false;
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
    F.Name = R.Opcode.str() + R.Variant.str();
    F.Opcode = R.Opcode.str();
    F.Variant = R.Variant.str();
    F.Section = R.Section.str();
    F.MinPTX = R.MinPTX;
    F.MinSM = R.MinSM;
    if (R.Targets != TargetSetId::Any)
      F.Targets = describeTargetSet(R.Targets);
    for (const SlotRow *Q : rowsOf(llvm::ArrayRef<SlotRow>(Slots), R.Id))
      F.Slots.push_back({Q->Name.str(), slotValues(*Q), Q->Use != SlotUse::Optional,
                         Q->Use == SlotUse::First, Q->Use == SlotUse::Repeatable});
    for (const OperandRow *O : rowsOf(llvm::ArrayRef<OperandRow>(Operands), R.Id))
      F.Operands.push_back({O->Name.str(), static_cast<OtherOperandKind>(O->Kind), O->Min,
                            O->Max, O->Step, O->Use == Presence::Optional});
    Out.push_back(std::move(F));
  }
  return Out;
}
