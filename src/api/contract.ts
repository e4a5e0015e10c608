// The app also talks to servers of the provider's original contract (docs/api.md, "Additions to the
// provider's contract"): a field this server adds to an answer may be absent from theirs.

/** An answer typed from this server's response schema, with its additions to the contract optional. */
export type ContractAnswer<T, Additions extends keyof T> = Omit<T, Additions> & Partial<Pick<T, Additions>>;
