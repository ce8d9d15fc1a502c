export const twoFactorKey = ['two-factor'] as const;
