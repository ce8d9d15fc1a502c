/**
 * The common-password list: the ~49,000 most used passwords of public leaks, as zxcvbn-ts ships and
 * maintains them (`@zxcvbn-ts/language-common`, dictionary `passwords-common`). A new password found
 * there is refused at register, reset and change, whatever the format rule says (`password1`
 * passes 8 characters with a letter and a digit, and is among the first guesses of any attacker).
 *
 * Compared as typed at login (NFKC, like the hash) and without case: `Password1` is as common as
 * `password1`. Loaded on first use (the package decompresses its lists on import, about half a
 * second), so the server starts and the ops CLI runs without it.
 */
let list: Promise<Set<string>> | undefined;

function commonPasswords(): Promise<Set<string>> {
  list ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.normalize('NFKC').toLowerCase())),
  );
  return list;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.normalize('NFKC').toLowerCase());
}
