//===- RulesDoc.cpp - docs/rules/ from the rule tables --------------------===//

#include "tcgen05/Sema/Tcgen05RulesDoc.h"
#include "tcgen05/Sema/OtherInstructionCheck.h"

#include "Rules.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <iterator>

using namespace tcgen05;
using namespace tcgen05::rules;

namespace {

/// tcgen05.wait::ld -> tcgen05.wait-ld.md: ':' is not portable in names.
std::string pageName(const FormInfo &F) {
  std::string Name = F.Spelling.str();
  for (size_t P; (P = Name.find("::")) != std::string::npos;)
    Name.replace(P, 2, "-");
  return Name + ".md";
}

std::string minVersion(unsigned V) {
  return V ? "PTX ISA " + formatPTXVersion(V) : "";
}

std::string targets(TargetSetId Id) {
  return Id == TargetSetId::Any ? "" : describeTargetSet(Id);
}

void renderForm(const FormInfo &F, llvm::raw_ostream &OS) {
  OS << "# " << F.Spelling << "\n\n"
     << "Generated from `include/tcgen05/AST/Tcgen05*.def` and "
        "`lib/Sema/Tcgen05/*.def`; do not edit.\n\n"
     << "- Section: PTX ISA " << F.Section << "\n"
     << "- Introduced: " << minVersion(F.MinPTX) << "\n"
     << "- Targets: " << describeTargetSet(F.Targets) << "\n\n";

  OS << "## Qualifiers\n\n| class | qualifier | required | needs version | "
        "needs targets | section |\n|---|---|---|---|---|---|\n";
  for (const QualRule &Q : qualifierRules()) {
    if (!(Q.Forms & bitOf(F.Id)))
      continue;
    bool Required = false;
    for (const RequireRule &R : requireRules())
      Required |= (R.Forms & bitOf(F.Id)) && R.Class == Q.Class;
    OS << "| " << classRule(Q.Class).Noun << " | `" << Q.Spelling << "` | "
       << (Required ? "yes" : "") << " | " << minVersion(Q.MinPTX) << " | "
       << targets(Q.Targets) << " | " << ruleSection(Q.Section, F.Id) << " |\n";
  }
  OS << "\nEach class may appear once";
  for (const QualRule &Q : qualifierRules())
    if ((Q.Forms & bitOf(F.Id)) && classRule(Q.Class).Repeatable)
      OS << "; `" << Q.Spelling << "` may repeat, as ptxas accepts";
  OS << ".\n\n";

  OS << "## Operands\n\n| operand | form | width | immediate | section |\n"
        "|---|---|---|---|---|\n";
  for (const OperandRule &O : operandRules()) {
    if (!(O.Forms & bitOf(F.Id)))
      continue;
    static const char *const FormNames[] = {
        "register",  "immediate", "register or immediate",
        "[address]", "{vector}",  "predicate or immediate"};
    std::string Imm;
    if (O.Min || O.Max)
      Imm = "[" + std::to_string(O.Min) + ", " + std::to_string(O.Max) + "]";
    if (O.Step == -1)
      Imm += " power of 2";
    else if (O.Step > 0)
      Imm += " multiple of " + std::to_string(O.Step);
    OS << "| " << tcgen05OperandRoleName(O.Role) << " | "
       << FormNames[static_cast<unsigned>(O.Shape)] << " | "
       << (O.Bits ? std::to_string(O.Bits) + "-bit" : "") << " | " << Imm
       << " | " << ruleSection(O.Section, F.Id) << " |\n";
  }
  for (const OperandTargetRule &T : operandTargetRules())
    if (T.Forms & bitOf(F.Id))
      OS << "\n"
         << tcgen05OperandRoleName(T.Role)
         << " needs targets: " << describeTargetSet(T.Targets) << " (PTX ISA "
         << ruleSection(T.Section, F.Id) << ").\n";

  bool Any = false;
  for (const ComboRule &C : comboRules()) {
    if (!(C.Forms & bitOf(F.Id)))
      continue;
    if (!Any)
      OS << "\n## Combinations\n\n";
    Any = true;
    switch (C.Kind) {
    case ComboKind::Needs:
      OS << "- `" << C.If << "` needs one of `" << C.Other << "`";
      break;
    case ComboKind::Excludes:
      OS << "- `" << C.If << "` excludes `" << C.Other << "`";
      break;
    case ComboKind::OnlyWithOperand:
      OS << "- " << tcgen05OperandRoleName(C.Role)
         << " is present exactly when one of `" << C.Other << "` is";
      break;
    case ComboKind::Before:
      OS << "- the " << classRule(C.First).Noun << " comes before the "
         << classRule(C.Second).Noun;
      break;
    case ComboKind::QualNeedsOperand:
      OS << "- `" << C.If << "` needs the " << tcgen05OperandRoleName(C.Role)
         << " operand";
      break;
    }
    OS << " (PTX ISA " << ruleSection(C.Section, F.Id) << ").\n";
  }

  if (F.Opcode == Tcgen05Opcode::Ld || F.Opcode == Tcgen05Opcode::St) {
    OS << "\n## Registers per shape (Table 47)\n\n| shape | registers at .x1 "
          "| largest .num |\n|---|---|---|\n";
    for (const LdStShape &S : ldStShapes())
      OS << "| `" << S.Shape << "` | " << S.RegistersAtX1 << " | .x" << S.MaxNum
         << " |\n";
  }
  if (F.Opcode == Tcgen05Opcode::Mma) {
    OS << "\n## Kinds (Tables 54, 55)\n\n| kind | .block_scale | scale "
          "vector sizes | default size | scale-input-d | .sp targets |\n"
          "|---|---|---|---|---|---|\n";
    for (const KindRule &K : kindRules()) {
      if (!findQualifier(F.Id, K.Kind))
        continue;
      OS << "| `" << K.Kind << "` | "
         << (K.BlockScale == BlockScaleUse::Required ? "required"
                                                     : "not allowed")
         << " | " << K.ScaleVecs << " | " << K.DefaultScaleVec << " | "
         << (K.ScaleInputD == ScaleInputDUse::Allowed     ? "allowed"
             : K.ScaleInputD == ScaleInputDUse::Unchecked ? "not checked"
                                                          : "")
         << " | " << targets(K.SparseTargets) << " |\n";
    }
  }
}

} // namespace

namespace {

/// The page section of one row of OtherInstructions.def.
void renderOtherForm(const OtherInstructionForm &F, llvm::raw_ostream &OS) {
  std::string Syntax = F.Opcode;
  std::vector<std::string> Rules;
  for (const auto &S : F.Slots) {
    std::string Values = "`" + llvm::join(S.Values, "`, `") + "`";
    std::string Word = S.Values.size() > 1 ? "." + S.Name : S.Values.front();
    Syntax += S.Required ? Word : "{" + Word + "}";
    if (!S.Required)
      Rules.push_back(Values + " is optional" +
                      (S.Repeatable ? " (ptxas accepts it twice)" : ""));
    else if (S.Values.size() > 1)
      Rules.push_back("`." + S.Name + "` is one of " + Values +
                      (S.First ? ", written first" : ""));
    else
      Rules.push_back(Values + " is required" +
                      (S.Repeatable ? " (ptxas accepts it twice)" : ""));
  }
  for (size_t K = 0; K < F.Operands.size(); ++K) {
    const auto &O = F.Operands[K];
    std::string Sep = K ? ", " : " ";
    std::string Operand =
        O.Name + (O.Sel != OtherSelectors::NoSel ? "{.sel}" : "");
    Syntax += O.Optional ? "{" + Sep + Operand + "}" : Sep + Operand;
    static const char *const Kinds[] = {
        "a register of the type's width, never an immediate",
        "a register of the type's width",
        "a register of the type's width or an immediate",
        "a 32-bit register or an immediate (not range-checked)",
        "an immediate",
        "a 32-bit register or an immediate",
        "a 32-bit register",
        "a 32-bit register, negated or not, or an immediate"};
    static_assert(std::size(Kinds) ==
                  static_cast<size_t>(OtherOperandKind::VideoNeg) + 1);
    std::string Rule =
        "`" + O.Name + "`: " + Kinds[static_cast<unsigned>(O.Kind)];
    if (O.Sel != OtherSelectors::NoSel)
      Rule += std::string("; selectors ") + describeSelectors(O.Sel);
    if (O.Min <= O.Max)
      Rule +=
          " in [" + std::to_string(O.Min) + ", " + std::to_string(O.Max) + "]";
    if (O.Step > 0)
      Rule += ", a multiple of " + std::to_string(O.Step);
    if (O.Step == -1)
      Rule += ", a power of 2";
    Rules.push_back(Rule);
  }
  for (OtherRule R : F.Rules) {
    static const char *const Text[] = {
        "a secondary operation (`.add`, `.min`, `.max`) needs operand `c`",
        ("a selector on `d` only in the merge form: with `c` and no "
         "secondary operation"),
        "`.sat` cannot be combined with `.add`",
        "`.po` cannot be combined with a negated operand"};
    static_assert(std::size(Text) ==
                  static_cast<size_t>(OtherRule::PoNotWithNegation) + 1);
    Rules.push_back(Text[static_cast<unsigned>(R)]);
  }
  std::string Where = !F.Targets.empty() ? F.Targets
                      : F.MinSM
                          ? "sm_" + std::to_string(F.MinSM) + " and higher"
                          : "every target";
  Rules.push_back("targets: " + Where + "; PTX ISA " +
                  formatPTXVersion(F.MinPTX) + " or later");
  OS << "\n## " << F.Name << " (PTX ISA " << F.Section << ")\n\n```ptx\n"
     << Syntax << ";\n```\n\n";
  for (const std::string &R : Rules)
    OS << "- " << R << "\n";
}

} // namespace

std::vector<std::pair<std::string, std::string>>
tcgen05::renderTcgen05RulePages() {
  std::vector<std::pair<std::string, std::string>> Pages;
  std::string Index;
  llvm::raw_string_ostream IOS(Index);
  IOS << "# tcgen05 rules\n\nGenerated from `include/tcgen05/AST/Tcgen05*.def` "
         "and `lib/Sema/Tcgen05/*.def`, the tables tcgen05-check runs; do "
         "not edit.  One page per instruction form:\n\n";
  for (const FormInfo &F : forms()) {
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    renderForm(F, OS);
    Pages.emplace_back(pageName(F), OS.str());
    IOS << "- [" << F.Spelling << "](" << pageName(F) << ") (PTX ISA "
        << F.Section << ")\n";
  }
  IOS << "\nThe kernel-level rule (one `.cta_group` per kernel, PTX ISA "
         "9.7.16.7.1) is described in "
         "[TC3120](../diagnostics/TC3120.md).\n";
  IOS << "\nThe stack manipulation, video and miscellaneous instructions (PTX "
         "ISA "
         "9.7.17-9.7.19) are checked from `lib/Sema/OtherInstructions.def`: "
         "[other-instructions](other-instructions.md).\n";
  std::string Other;
  llvm::raw_string_ostream OOS(Other);
  OOS << "# Stack manipulation, video and miscellaneous instructions\n\n"
         "Generated from `lib/Sema/OtherInstructions.def`, the table "
         "tcgen05-check runs; do not edit.  Findings are TC7001-TC7021.\n";
  for (const OtherInstructionForm &F : otherInstructionForms())
    renderOtherForm(F, OOS);
  OOS << "\n## wgmma.mma_async register fragments (PTX ISA 9.7.15.5.1.1)\n\n"
         "From `lib/Sema/WgmmaFragments.def` (TC7201-TC7206): sm_90a only; A "
         "in "
         "registers is four 32-bit registers, never `.f32`.\n\n"
         "| k | A and B | accumulator | N | accumulator registers | section |\n"
         "|---|---|---|---|---|---|\n";
  for (const WgmmaFragment &W : wgmmaFragments())
    OOS << "| " << W.K << " | `" << llvm::join(W.ATypes, "`, `") << "`"
        << (W.Same ? " (the same)" : "") << " | `" << W.DType << "` | "
        << (W.IntegerN ? "8, 16, 24, 32, 48, 64, ..., 256" : "8, 16, ..., 256")
        << " | N/" << W.DDiv << " | " << W.Section << " |\n";
  OOS << "\n## wgmma.mma_async qualifiers and scalar operands (PTX ISA "
         "9.7.15.5.2)\n\n"
         "From `lib/Sema/WgmmaFragments.def` (TC7208-TC7215). The first "
         "qualifier "
         "names the instruction (`"
      << llvm::join(wgmmaNames(), "`, `")
      << "`); the shape, the types (d, a, b in that order) and these "
         "qualifiers may stand in any order after it. Any other word is "
         "refused.\n\n"
         "| qualifier | rows | use | notes |\n|---|---|---|---|\n";
  for (const WgmmaSyntaxRow &R : wgmmaQualifierRows())
    OOS << "| `" << R.Name << "` | " << R.Takes << " | " << R.Use << " | "
        << R.Note << " |\n";
  OOS << "\nAfter d, a and b-desc (a 64-bit descriptor register or an "
         "immediate), "
         "in this order, as many as the row's operand count leaves:\n\n"
         "| operand | values | written as | notes |\n|---|---|---|---|\n";
  for (const WgmmaSyntaxRow &R : wgmmaScalarRows())
    OOS << "| " << R.Name << " | " << R.Takes << " | " << R.Use << " | "
        << R.Note << " |\n";
  Pages.emplace_back("other-instructions.md", OOS.str());
  Pages.emplace_back("README.md", IOS.str());
  return Pages;
}
