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

namespace {
/// The "value=NAME|..." list of a type field of K, or empty.
llvm::StringRef typeNames(const IdescKind &K, llvm::StringRef Field) {
  return Field == "dtype"   ? K.DTypes
         : Field == "atype" ? K.ATypes
         : Field == "btype" ? K.BTypes
                            : llvm::StringRef();
}
} // namespace

std::string tcgen05::idescFieldText(const IdescKind &K, const IdescField &F,
                                    uint32_t V) {
  if (std::optional<llvm::StringRef> Name =
          valueName(typeNames(K, F.Name), F.get(V)))
    return Name->str();
  return std::to_string(F.quantity(V));
}

std::optional<uint64_t> tcgen05::idescFieldInput(const IdescKind &K,
                                                 const IdescField &F,
                                                 llvm::StringRef Text) {
  unsigned long long N;
  if (!Text.getAsInteger(0, N))
    return N;
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  typeNames(K, F.Name).split(Parts, '|', -1, false);
  for (llvm::StringRef P : Parts) {
    auto [Num, Name] = P.split('=');
    unsigned Code;
    if (Name.equals_insensitive(Text) && !Num.getAsInteger(10, Code))
      return Code;
  }
  return std::nullopt;
}

std::string tcgen05::idescFieldValueNames(const IdescKind &K,
                                          const IdescField &F) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  typeNames(K, F.Name).split(Parts, '|', -1, false);
  std::string Out;
  for (llvm::StringRef P : Parts)
    Out += (Out.empty() ? "" : ", ") + P.split('=').second.str();
  return Out;
}

std::string tcgen05::describeIdesc(uint32_t V, uint32_t Known,
                                   const IdescKind &K) {
  std::string Out;
  for (const IdescField &F : idescFields(K.Layout))
    if ((Known & F.mask()) == F.mask())
      Out += (Out.empty() ? "" : " ") + F.Name.str() + "=" +
             idescFieldText(K, F, V);
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
