/** The contract's PDF, served to the order's buyer and the beat's producer only (server/http/contractRouter.ts). */
export const contractPdfPath = (contractId: string) => `/api/v1/account/contracts/${contractId}/pdf`;
