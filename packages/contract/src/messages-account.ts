import type { Texts } from './constants.js';

/** Server messages of the user center, the second factor and online sessions. */
export const ACCOUNT_MESSAGES = {
  'account.websiteScheme': {
    'zh-CN': '{field}：必须是以 http:// 或 https:// 开头的网址',
    'en-US': '{field}: must be a web address starting with http:// or https://',
  },
  'account.profileSaved': { 'zh-CN': '个人资料已保存', 'en-US': 'Profile saved' },
  'account.avatarSaved': { 'zh-CN': '头像已更新', 'en-US': 'Avatar updated' },
  'account.avatarMissing': { 'zh-CN': 'file：请选择一张图片', 'en-US': 'file: choose an image' },
  'account.avatarTooLarge': {
    'zh-CN': 'file：图片不能超过 {limit}',
    'en-US': 'file: the image must be at most {limit}',
  },
  'account.avatarNotImage': {
    'zh-CN': 'file：不是 PNG、JPEG 或 WebP 图片',
    'en-US': 'file: is not a PNG, JPEG or WebP image',
  },
  'account.avatarUnreadable': {
    'zh-CN': 'file：图片已损坏，无法读取',
    'en-US': 'file: the image is damaged and cannot be read',
  },
  'account.avatarTooManyPixels': {
    'zh-CN': 'file：图片尺寸过大（{width}×{height}），最大 {max}×{max} 像素',
    'en-US': 'file: the image is too large ({width}×{height}); at most {max}×{max} pixels',
  },
  'account.uploadBroken': {
    'zh-CN': 'file：上传的内容不完整或格式不正确，请重试',
    'en-US': 'file: the upload was cut off or malformed, try again',
  },
  'account.avatarLinkExpired': { 'zh-CN': '图片链接已失效', 'en-US': 'This image link has expired' },
  'account.sessionEnded': { 'zh-CN': '已退出该设备上的登录', 'en-US': 'That session was signed out' },
  'account.otherSessionsEnded': {
    'zh-CN': '已退出其他 {count} 个设备上的登录',
    'en-US': 'Signed out of {count} other session(s)',
  },
  'account.passwordWrong': { 'zh-CN': 'password：密码不正确', 'en-US': 'password: the password is incorrect' },
  'account.codeWrong': { 'zh-CN': 'code：验证码不正确或已使用', 'en-US': 'code: the code is wrong or was already used' },
  'account.codeOrPasskey': {
    'zh-CN': '{field}：请提供验证码或通行密钥其中之一',
    'en-US': '{field}: give either a code or a passkey, not both',
  },
  'account.totpAlreadyOn': {
    'zh-CN': '身份验证器已开启；如需更换，请先关闭',
    'en-US': 'The authenticator app is already on; turn it off first to replace it',
  },
  'account.totpNotStarted': {
    'zh-CN': '请先开始绑定身份验证器',
    'en-US': 'Start setting up the authenticator app first',
  },
  'account.totpNotOn': { 'zh-CN': '身份验证器未开启', 'en-US': 'The authenticator app is not on' },
  'account.totpEnabled': {
    'zh-CN': '身份验证器已开启，请妥善保存恢复码',
    'en-US': 'The authenticator app is on; keep your recovery codes safe',
  },
  'account.totpDisabled': {
    'zh-CN': '身份验证器已关闭，其他设备上的登录已退出',
    'en-US': 'The authenticator app is off; your other sessions were signed out',
  },
  'account.recoveryRegenerated': {
    'zh-CN': '已生成新的恢复码，旧恢复码已失效',
    'en-US': 'New recovery codes made; the old ones no longer work',
  },
  'account.passkeyAdded': { 'zh-CN': '通行密钥已添加', 'en-US': 'Passkey added' },
  'account.passkeyRemoved': {
    'zh-CN': '通行密钥已删除，其他设备上的登录已退出',
    'en-US': 'Passkey removed; your other sessions were signed out',
  },
  'account.passkeyFailed': {
    'zh-CN': 'response：通行密钥验证失败，请重试',
    'en-US': 'response: the passkey could not be verified, try again',
  },
  'account.passkeyChallengeGone': {
    'zh-CN': 'response：验证已过期，请重新开始',
    'en-US': 'response: this attempt expired, start again',
  },
  'account.passkeyDuplicate': {
    'zh-CN': 'response：该通行密钥已添加过',
    'en-US': 'response: this passkey is already registered',
  },
  'account.passkeyLimit': { 'zh-CN': '最多添加 {max} 个通行密钥', 'en-US': 'At most {max} passkeys' },
  'auth.mfaRequired': {
    'zh-CN': '请完成两步验证',
    'en-US': 'Enter the second step of sign-in',
  },
  'auth.mfaTicketExpired': {
    'zh-CN': '验证已超时，请重新输入用户名和密码',
    'en-US': 'This sign-in attempt expired; enter your username and password again',
  },
  'auth.badCode': { 'zh-CN': '验证码不正确', 'en-US': 'Incorrect verification code' },
  'auth.badPasskey': {
    'zh-CN': '通行密钥无法识别，请改用用户名和密码登录',
    'en-US': 'This passkey is not recognised; sign in with your password',
  },
  'auth.mustEnrolMfa': {
    'zh-CN': '您的角色要求两步验证，请先在个人中心开启',
    'en-US': 'Your role requires a second factor; set one up in your user center first',
  },
  'system.mfaReset': {
    'zh-CN': '已重置该用户的两步验证，并退出其全部登录',
    'en-US': "The user's second factor was reset and all their sessions ended",
  },
  'system.selfMfaReset': {
    'zh-CN': '不能重置自己的两步验证，请在个人中心中管理',
    'en-US': 'You cannot reset your own second factor; manage it in your user center',
  },
  'todo.mfaReset.title': { 'zh-CN': '您的两步验证已被重置', 'en-US': 'Your second factor was reset' },
  'todo.mfaReset.content': {
    'zh-CN': '管理员重置了您的两步验证（身份验证器、恢复码和通行密钥）。请在个人中心 › 安全设置中重新设置。',
    'en-US':
      'An administrator reset your second factor (authenticator app, recovery codes and passkeys). Set it up again in User center › Security.',
  },
  'online.sessionEnded': { 'zh-CN': '已强制该会话下线', 'en-US': 'The session was signed out' },
  'online.userSessionsEnded': {
    'zh-CN': '已强制该用户的 {count} 个会话下线',
    'en-US': "Signed out {count} of the user's session(s)",
  },
} as const satisfies Record<string, Texts>;
