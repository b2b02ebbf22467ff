/**
 * Results anyone can check (issue 12): the sealed entry list as an RFC 6962 Merkle tree, receipts
 * (a leaf and its audit path), the sealed-answer commitment and the check of a published result.
 *
 * Pure and browser-safe: the server builds the tree with it, the public page and
 * scripts/verify-contest.ts check with it, so there is one definition of every byte hashed.
 */
export {
  ANSWER_FORMAT,
  type ContestSeal,
  contestSealSchema,
  LEAF_FORMAT,
  PUBLICATION_FORMAT,
  RECEIPT_FORMAT,
  type SealedEntry,
  sealedEntrySchema,
} from './verification/formats.ts';
export {
  buildMerkleTree,
  compareEntries,
  EMPTY_ROOT,
  entryLeafHashes,
  type HashOptions,
  inclusionProof,
  leafHash,
  leafText,
  merkleRoot,
  type MerkleTree,
  nodeHash,
  type Sha256,
  verifyInclusion,
} from './verification/merkle.ts';
export { checkReceipt, type Receipt, type ReceiptProblem, receiptSchema } from './verification/receipts.ts';
export {
  answerCommitment,
  type CheckDetail,
  describeDetail,
  type Publication,
  publicationSchema,
  type VerificationCheck,
  type VerificationCheckId,
  type VerificationReport,
  verifyPublication,
} from './verification/publication.ts';
export {
  describeDifference,
  type DifferenceReport,
  DIFFERENCES_SHOWN,
  differingFields,
  type EntryDifference,
  type FetchSealedNodes,
  locateDifferences,
  SEALED_NODES_MAX,
  type SealedNodes,
  sealedNodesSchema,
} from './verification/differences.ts';
