//===- InstrDesc.cpp - tcgen05.mma instruction descriptors ----------------===//

#include "tcgen05/Descriptors/InstrDesc.h"
#include "tcgen05/Descriptors/DescriptorRules.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {

const IdescKind Kinds[] = {
#define IDESC_KIND(Kind, Layout, D, A, B, Negate, Transpose, Saturate)         \
  {Kind, IdescLayout::Layout, D, A, B, Negate, Transpose, Saturate},
#include "IdescKinds.def"
};

/// The name of Value in a "value=NAME|..." list, or nothing.
std::optional<llvm::StringRef> valueName(llvm::StringRef List, uint32_t V) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  List.split(Parts, '|', -1, false);
  for (llvm::StringRef P : Parts) {
    auto [Num, Name] = P.split('=');
    unsigned N;
    if (!Num.getAsInteger(10, N) && N == V)
      return Name;
  }
  return std::nullopt;
}

} // namespace

llvm::ArrayRef<IdescKind> tcgen05::idescKinds() { return Kinds; }

const IdescKind *tcgen05::lookupIdescKind(llvm::StringRef Kind) {
  Kind.consume_front(".kind::");
  for (const IdescKind &K : Kinds)
    if (K.Kind.drop_front(7) == Kind)
      return &K;
  return nullptr;
}

std::vector<IdescField> tcgen05::idescFields(IdescLayout L) {
  return descFields(DescriptorKind::Instr, L);
}

uint32_t tcgen05::idescReservedMask(IdescLayout L) {
  return static_cast<uint32_t>(descReservedMask(DescriptorKind::Instr, L));
}

std::string tcgen05::describeIdesc(uint32_t V, uint32_t Known,
                                   const IdescKind &K) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  for (const IdescField &F : idescFields(K.Layout)) {
    if ((Known & F.mask()) != F.mask())
      continue;
    if (!Out.empty())
      OS << " ";
    uint32_t X = F.get(V);
    if (F.Name == "m" || F.Name == "n")
      OS << F.Name.upper() << "=" << F.quantity(V);
    else if (F.Name == "dtype" && valueName(K.DTypes, X))
      OS << "dtype=" << *valueName(K.DTypes, X);
    else if (F.Name == "atype" && valueName(K.ATypes, X))
      OS << "atype=" << *valueName(K.ATypes, X);
    else if (F.Name == "btype" && valueName(K.BTypes, X))
      OS << "btype=" << *valueName(K.BTypes, X);
    else
      OS << F.Name << "=" << X;
  }
  return Out;
}

IdescFinding::IdescFinding(DiagID ID, std::vector<DiagArg> Args,
                           const DescRule *Rule)
    : Warning(getDiagInfo(ID).DefaultSeverity == Severity::Warning), ID(ID),
      Args(std::move(Args)), Message(formatDiagMessage(ID, this->Args)),
      Rule(Rule) {}

std::string tcgen05::describeDescriptorValue(uint64_t V, uint64_t Known,
                                             unsigned Bits) {
  uint64_t All = Bits == 64 ? ~0ull : (1ull << Bits) - 1;
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << llvm::format_hex(V & All, Bits / 4 + 2);
  if (uint64_t Unknown = ~Known & All)
    OS << " (bits " << llvm::format_hex(Unknown, Bits / 4 + 2) << " unknown)";
  return OS.str();
}

std::vector<IdescFinding> tcgen05::checkIdesc(uint32_t V, uint32_t Known,
                                              const IdescUse &Use) {
  return checkDescriptor(DescriptorKind::Instr, V, Known, Use);
}

std::optional<uint32_t>
tcgen05::encodeIdesc(const IdescKind &K,
                     llvm::ArrayRef<std::pair<std::string, uint64_t>> In,
                     EncodeError &Error) {
  std::optional<uint64_t> V =
      encodeDescFields(DescriptorKind::Instr, K.Layout, 0, In, Error);
  if (!V)
    return std::nullopt;
  return static_cast<uint32_t>(*V);
}
