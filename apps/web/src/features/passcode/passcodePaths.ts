/** Where a lock's passcodes are got from. */
export const issuePasscodePath = (lockId: number) => `/manage/issuePasscode?lockId=${lockId}`;

/** Where a passcode is shown and sent. */
export const sendPasscodePath = (lockId: number, keyboardPwdId: number) =>
  `/passcode/send?keyboardPwdId=${keyboardPwdId}&lockId=${lockId}`;
