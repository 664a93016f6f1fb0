//===- Vocabulary.cpp - The checker's tables as JSON ----------------------===//
//
// Each section is expanded from the table the checker is built from, row by
// row, so the document cannot disagree with the checker.  Identifiers of a
// row (a Use, a Kind, a target set) are written as their names; form sets
// as the ids of their forms.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Sema/Vocabulary.h"

#include "Tcgen05/Rules.h"

#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Basic/Opcodes.h"

#include "llvm/Support/JSON.h"

using namespace tcgen05;
using namespace tcgen05::rules;

namespace {

constexpr llvm::StringLiteral FormIds[] = {
#define FORM(Id, Opcode, Spelling, Section, MinPTX, Targets, Syntax) #Id,
#include "tcgen05/AST/Tcgen05Forms.def"
};

void formSet(llvm::json::OStream &J, llvm::StringRef Key, uint32_t Set) {
  J.attributeArray(Key, [&] {
    for (unsigned K = 0; K < std::size(FormIds); ++K)
      if (Set & (1u << K))
        J.value(FormIds[K]);
  });
}

void forms(llvm::json::OStream &J) {
  J.attributeArray("forms", [&] {
#define FORM(Id, Opcode, Spelling, Section, MinPTX, Targets, Syntax)           \
  J.object([&] {                                                               \
    J.attribute("id", #Id);                                                    \
    J.attribute("opcode", #Opcode);                                            \
    J.attribute("spelling", Spelling);                                         \
    J.attribute("section", Section);                                           \
    J.attribute("min_ptx", MinPTX);                                            \
    J.attribute("targets", #Targets);                                          \
    J.attribute("syntax", Syntax);                                             \
  });
#include "tcgen05/AST/Tcgen05Forms.def"
  });
  J.attributeObject("form_groups", [&] {
#define FORM_GROUP(Name, Forms)                                                \
  J.attributeBegin(#Name);                                                     \
  J.arrayBegin();                                                              \
  for (unsigned K = 0; K < std::size(FormIds); ++K)                            \
    if ((Forms) & (1u << K))                                                   \
      J.value(FormIds[K]);                                                     \
  J.arrayEnd();                                                                \
  J.attributeEnd();
#include "tcgen05/AST/Tcgen05FormGroups.def"
  });
}

void qualifiers(llvm::json::OStream &J) {
  J.attributeArray("qualifiers", [&] {
#define QUAL(FormSet, Class, Spelling, MinPTX, Targets, Section)               \
  J.object([&] {                                                               \
    formSet(J, "forms", FormSet);                                              \
    J.attribute("class", #Class);                                              \
    J.attribute("spelling", Spelling);                                         \
    J.attribute("min_ptx", MinPTX);                                            \
    J.attribute("targets", #Targets);                                          \
    J.attribute("section", Section);                                           \
  });
#include "tcgen05/AST/Tcgen05Qualifiers.def"
  });
  J.attributeArray("qualifier_classes", [&] {
#define CLASS_RULE(Class, Noun, Repeatable, Rank)                              \
  J.object([&] {                                                               \
    J.attribute("class", #Class);                                              \
    J.attribute("noun", Noun);                                                 \
    J.attribute("repeatable", Repeatable);                                     \
    J.attribute("rank", Rank);                                                 \
  });
#include "tcgen05/AST/Tcgen05QualifierClasses.def"
  });
}

void operands(llvm::json::OStream &J) {
  J.attributeArray("operands", [&] {
#define OPERAND(FormSet, R, Shape, Bits, Float, Min, Max, Step, Accept,        \
                Access, Section)                                               \
  J.object([&] {                                                               \
    formSet(J, "forms", FormSet);                                              \
    J.attribute("role", tcgen05OperandRoleName(Tcgen05OperandRole::R));        \
    J.attribute("shape", #Shape);                                              \
    J.attribute("bits", Bits);                                                 \
    J.attribute("float", Float);                                               \
    J.attribute("min", int64_t(Min));                                          \
    J.attribute("max", int64_t(Max));                                          \
    J.attribute("step", int64_t(Step));                                        \
    J.attribute("accept", #Accept);                                            \
    J.attribute("access", #Access);                                            \
    J.attribute("section", Section);                                           \
  });
#include "tcgen05/AST/Tcgen05Operands.def"
  });
}

void opcodes(llvm::json::OStream &J) {
  J.attributeArray("opcodes", [&] {
    for (unsigned K = 1; K < NumOpcodes; ++K) {
      auto Op = static_cast<Opcode>(K);
      J.object([&] {
        J.attribute("name", opcodeName(Op));
        J.attribute("group", opcodeGroup(Op));
        J.attributeArray("properties", [&] {
#define X(Flag, Bit, Spelling)                                                 \
  if (hasProperty(Op, Flag))                                                   \
    J.value(Spelling);
          TCGEN05_OPCODE_PROPERTIES(X)
#undef X
        });
      });
    }
  });
}

// The other instructions' and wgmma's tables, private to this layer.
void otherInstructions(llvm::json::OStream &J) {
  J.attributeArray("other_instructions", [&] {
  // Rows come in the table's order: a row's qualifiers, operands and
  // rules follow it, so each is an object of its own kind.
#define OTHER_INSTR(Id, Opcode, Variant, MinPTX, MinSM, Targets, Section)      \
  J.object([&] {                                                               \
    J.attribute("row", "instr");                                               \
    J.attribute("id", #Id);                                                    \
    J.attribute("opcode", Opcode);                                             \
    J.attribute("variant", Variant);                                           \
    J.attribute("min_ptx", MinPTX);                                            \
    J.attribute("min_sm", MinSM);                                              \
    J.attribute("targets", #Targets);                                          \
    J.attribute("section", Section);                                           \
  });
#define OTHER_QUALS(Id, Name, Values, Use)                                     \
  J.object([&] {                                                               \
    J.attribute("row", "quals");                                               \
    J.attribute("id", #Id);                                                    \
    J.attribute("name", Name);                                                 \
    J.attribute("values", Values);                                             \
    J.attribute("use", #Use);                                                  \
  });
#define OTHER_OPERAND(Id, Name, Kind, Min, Max, Step, Presence, Sel)           \
  J.object([&] {                                                               \
    J.attribute("row", "operand");                                             \
    J.attribute("id", #Id);                                                    \
    J.attribute("name", Name);                                                 \
    J.attribute("kind", #Kind);                                                \
    J.attribute("min", int64_t(Min));                                          \
    J.attribute("max", int64_t(Max));                                          \
    J.attribute("step", int64_t(Step));                                        \
    J.attribute("presence", #Presence);                                        \
    J.attribute("sel", #Sel);                                                  \
  });
#define OTHER_RULE(Id, Rule)                                                   \
  J.object([&] {                                                               \
    J.attribute("row", "rule");                                                \
    J.attribute("id", #Id);                                                    \
    J.attribute("rule", #Rule);                                                \
  });
#define OTHER_UNDOCUMENTED(Id, Slot, Value)                                    \
  J.object([&] {                                                               \
    J.attribute("row", "undocumented");                                        \
    J.attribute("id", #Id);                                                    \
    J.attribute("slot", Slot);                                                 \
    J.attribute("value", Value);                                               \
  });
#include "OtherInstructions.def"
  });
}

void wgmma(llvm::json::OStream &J) {
  J.attributeObject("wgmma", [&] {
    J.attributeArray("fragments", [&] {
#define WGMMA_FRAGMENT(K, ATypes, Same, DType, NSet, DDiv, DFloat, DescOps,    \
                       RegOps, Section, Class)                                 \
  J.object([&] {                                                               \
    J.attribute("k", K);                                                       \
    J.attribute("a_types", ATypes);                                            \
    J.attribute("same", Same);                                                 \
    J.attribute("d_type", DType);                                              \
    J.attribute("n_set", #NSet);                                               \
    J.attribute("d_div", DDiv);                                                \
    J.attribute("d_float", DFloat);                                            \
    J.attribute("desc_ops", DescOps);                                          \
    J.attribute("reg_ops", RegOps);                                            \
    J.attribute("section", Section);                                           \
    J.attribute("class", #Class);                                              \
  });
#include "WgmmaFragments.def"
    });
    J.attributeArray("names", [&] {
#define WGMMA_NAME(Word) J.value(Word);
#include "WgmmaFragments.def"
    });
    J.attributeArray("qualifiers", [&] {
#define WGMMA_QUAL(Word, Classes, Use, Repeatable, After)                      \
  J.object([&] {                                                               \
    J.attribute("word", Word);                                                 \
    J.attribute("classes", #Classes);                                          \
    J.attribute("use", #Use);                                                  \
    J.attribute("repeatable", Repeatable);                                     \
    J.attribute("after", After);                                               \
  });
#include "WgmmaFragments.def"
    });
    J.attributeArray("scalars", [&] {
#define WGMMA_SCALAR(Name, Kind, Values, DescOnly)                             \
  J.object([&] {                                                               \
    J.attribute("name", Name);                                                 \
    J.attribute("kind", #Kind);                                                \
    J.attribute("values", Values);                                             \
    J.attribute("desc_only", DescOnly);                                        \
  });
#include "WgmmaFragments.def"
    });
  });
}

void diagnostics(llvm::json::OStream &J) {
  J.attributeArray("diagnostics", [&] {
    for (unsigned K = 0; K < unsigned(DiagID::NumDiagIDs); ++K) {
      auto ID = static_cast<DiagID>(K);
      const DiagInfo &Info = getDiagInfo(ID);
      J.object([&] {
        J.attribute("name", Info.Name);
        if (Info.Code)
          J.attribute("code", Info.Code);
        J.attribute("severity", severityName(Info.DefaultSeverity));
        if (llvm::StringRef G = diagGroup(ID); !G.empty())
          J.attribute("group", G);
        J.attribute("format", Info.Format);
      });
    }
  });
  J.attributeArray("hazard_lints", [&] {
#define HAZARD(Lint, Name, Code, Severity, Group, Section, Format)             \
  J.object([&] {                                                               \
    J.attribute("lint", #Lint);                                                \
    J.attribute("diagnostic", #Name);                                          \
    J.attribute("code", Code);                                                 \
    J.attribute("group", Group);                                               \
    J.attribute("section", Section);                                           \
  });
#include "tcgen05/Basic/Hazards.def"
  });
}

} // namespace

void tcgen05::writeVocabulary(llvm::raw_ostream &OS, bool Pretty) {
  llvm::json::OStream J(OS, Pretty ? 1 : 0);
  J.object([&] {
    J.attribute("format", VocabularyFormat);
    forms(J);
    qualifiers(J);
    operands(J);
    opcodes(J);
    otherInstructions(J);
    wgmma(J);
    diagnostics(J);
  });
  OS << "\n";
}
