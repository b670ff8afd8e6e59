export {
  BANK_TRANSFER_TYPE,
  BankTransfer,
  BankTransfer as default,
  type BankTransferOptions,
} from './bank-transfer.tsx';
