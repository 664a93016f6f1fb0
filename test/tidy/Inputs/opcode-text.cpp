// Each comparison below asks an instruction's kind of its text.
bool isBranch(const Instruction &I) { return I.opcode().text() == "bra"; }
bool isLoad(llvm::StringRef Op) { return Op == "ld" || "ldu" == Op; }
Kind kindOf(llvm::StringRef Op) {
  return llvm::StringSwitch<Kind>(Op).Case("mov", Kind::Move);
}
bool starts(const Instruction &I) { return I.opcode().text().starts_with("b"); }
// Not opcodes: qualifiers, directives, and a word that names no instruction.
bool fine(llvm::StringRef Q) { return Q == ".sync" || Q == "frobnicate"; }
