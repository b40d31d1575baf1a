/**
 * The error catalogue of SPEC.md §8. The server never answers a code that is not here;
 * the web client shows the text of the current language for a code.
 */
export const LOCALES = ['zh-CN', 'en-US', 'pt-PT'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

type Entry = { status: number; 'zh-CN': string; 'en-US': string; 'pt-PT': string };

export const ERRORS = {
  401: { status: 401, 'zh-CN': '未登录', 'en-US': 'Not logged in', 'pt-PT': 'Sessão não iniciada' },
  402: {
    status: 401,
    'zh-CN': '登录异常，请重新登录',
    'en-US': 'Abnormal login, please log in again',
    'pt-PT': 'Início de sessão anómalo, inicie sessão novamente',
  },
  403: {
    status: 401,
    'zh-CN': '登录已过期或已在别处登录，请重新登录',
    'en-US': 'Login expired or logged in elsewhere, please log in again',
    'pt-PT': 'Sessão expirada ou iniciada noutro local, inicie sessão novamente',
  },
  413: {
    status: 403,
    'zh-CN': '密码过于简单，请重置密码',
    'en-US': 'Password too simple, please reset it',
    'pt-PT': 'Palavra-passe demasiado simples, redefina-a',
  },
  414: {
    status: 403,
    'zh-CN': '账号信息不匹配，无权限',
    'en-US': 'Account info mismatch, no permission',
    'pt-PT': 'Dados da conta não correspondem, sem permissão',
  },
  [-1]: { status: 500, 'zh-CN': '未知错误', 'en-US': 'Unknown error', 'pt-PT': 'Erro desconhecido' },
  4001: { status: 400, 'zh-CN': '参数错误', 'en-US': 'Parameter error', 'pt-PT': 'Erro de parâmetro' },
  4011: { status: 404, 'zh-CN': '用户不存在', 'en-US': 'User not found', 'pt-PT': 'Utilizador não encontrado' },
  4012: {
    status: 401,
    'zh-CN': '用户名或密码错误',
    'en-US': 'Wrong username or password',
    'pt-PT': 'Nome de utilizador ou palavra-passe incorretos',
  },
  4013: {
    status: 400,
    'zh-CN': '密码需包含数字、大小写字母和特殊字符',
    'en-US': 'Password needs a digit, upper and lower case letters and a special character',
    'pt-PT': 'A palavra-passe precisa de um dígito, maiúsculas, minúsculas e um carácter especial',
  },
  4021: {
    status: 409,
    'zh-CN': '删除失败，用户已删除',
    'en-US': 'Delete failed, user already deleted',
    'pt-PT': 'Falha ao eliminar, utilizador já eliminado',
  },
  4022: { status: 409, 'zh-CN': '删除失败', 'en-US': 'Delete failed', 'pt-PT': 'Falha ao eliminar' },
  4023: { status: 409, 'zh-CN': '修改失败', 'en-US': 'Modify failed', 'pt-PT': 'Falha ao modificar' },
  4024: { status: 400, 'zh-CN': '原密码不正确', 'en-US': 'Old password does not match', 'pt-PT': 'A palavra-passe antiga não corresponde' },
  4025: {
    status: 404,
    'zh-CN': '修改密码失败，用户不存在',
    'en-US': 'Password change failed, no such user',
    'pt-PT': 'Falha ao alterar a palavra-passe, utilizador inexistente',
  },
  4026: { status: 409, 'zh-CN': '手机号已存在', 'en-US': 'Phone number already exists', 'pt-PT': 'O número de telemóvel já existe' },
  4027: { status: 409, 'zh-CN': '用户名已存在', 'en-US': 'Username already exists', 'pt-PT': 'O nome de utilizador já existe' },
  4031: { status: 404, 'zh-CN': '未找到绑定的电梯', 'en-US': 'No bound lift found', 'pt-PT': 'Nenhum elevador associado encontrado' },
  4032: {
    status: 400,
    'zh-CN': '请选择可操作的小区',
    'en-US': 'Select an operable community',
    'pt-PT': 'Selecione uma comunidade operável',
  },
  4033: {
    status: 404,
    'zh-CN': '业主已删除或不存在',
    'en-US': 'Owner deleted or missing',
    'pt-PT': 'Proprietário eliminado ou inexistente',
  },
  4035: { status: 403, 'zh-CN': '授权失败', 'en-US': 'Authorization failed', 'pt-PT': 'Falha na autorização' },
  4037: { status: 409, 'zh-CN': '续期失败', 'en-US': 'Renewal failed', 'pt-PT': 'Falha na renovação' },
  4039: {
    status: 409,
    'zh-CN': '操作失败，钥匙可能已删除',
    'en-US': 'Operation failed, the key may have been deleted',
    'pt-PT': 'Operação falhou, a chave pode ter sido eliminada',
  },
  4041: { status: 409, 'zh-CN': '电梯已收藏', 'en-US': 'Lift already in favourites', 'pt-PT': 'Elevador já está nos favoritos' },
  4042: { status: 409, 'zh-CN': '电梯尚未收藏', 'en-US': 'Lift not yet in favourites', 'pt-PT': 'Elevador ainda não está nos favoritos' },
  4043: {
    status: 409,
    'zh-CN': '终端编号已绑定其他电梯',
    'en-US': 'Terminal id is bound to another lift',
    'pt-PT': 'O ID do terminal está associado a outro elevador',
  },
  4044: { status: 409, 'zh-CN': '添加失败', 'en-US': 'Add failed', 'pt-PT': 'Falha ao adicionar' },
  4045: {
    status: 409,
    'zh-CN': '删除失败，电梯已删除',
    'en-US': 'Delete failed, lift already deleted',
    'pt-PT': 'Falha ao eliminar, elevador já eliminado',
  },
  4046: {
    status: 400,
    'zh-CN': '参数错误，指令未发送',
    'en-US': 'Parameter error, command not sent',
    'pt-PT': 'Erro de parâmetro, comando não enviado',
  },
  4047: {
    status: 403,
    'zh-CN': '用户密码错误，指令未发送',
    'en-US': 'Wrong user password, command not sent',
    'pt-PT': 'Palavra-passe incorreta, comando não enviado',
  },
  4048: { status: 400, 'zh-CN': '文件错误', 'en-US': 'File error', 'pt-PT': 'Erro de ficheiro' },
  4049: { status: 400, 'zh-CN': '楼层必须为数字', 'en-US': 'Floors must be numbers', 'pt-PT': 'Os pisos têm de ser números' },
  4050: {
    status: 409,
    'zh-CN': '文件中存在已绑定的终端',
    'en-US': 'The file has terminals that are already bound',
    'pt-PT': 'O ficheiro tem terminais já associados',
  },
  4061: { status: 404, 'zh-CN': '终端不存在', 'en-US': 'Terminal does not exist', 'pt-PT': 'O terminal não existe' },
  4062: {
    status: 409,
    'zh-CN': '电梯唯一编号已存在',
    'en-US': 'Unique lift number already exists',
    'pt-PT': 'O número único do elevador já existe',
  },
  4071: {
    status: 400,
    'zh-CN': '请求错误，请使用合法路由',
    'en-US': 'Request error, use a legitimate route',
    'pt-PT': 'Erro de pedido, use uma rota legítima',
  },
  4072: {
    status: 403,
    'zh-CN': '公司没有支付权限',
    'en-US': 'Company has no payment permission',
    'pt-PT': 'A empresa não tem permissão de pagamento',
  },
  4073: { status: 409, 'zh-CN': '公司余额不足', 'en-US': 'Company balance insufficient', 'pt-PT': 'Saldo da empresa insuficiente' },
  4074: {
    status: 403,
    'zh-CN': '非指定支付操作员',
    'en-US': 'Not the designated payment operator',
    'pt-PT': 'Não é o operador de pagamento designado',
  },
  4081: {
    status: 429,
    'zh-CN': '今日发送次数已达上限',
    'en-US': 'Daily send maximum reached',
    'pt-PT': 'Limite diário de envios atingido',
  },
  4082: {
    status: 429,
    'zh-CN': '发送过于频繁，请60秒后再试',
    'en-US': 'Sending too frequently, wait 60 s',
    'pt-PT': 'Envios demasiado frequentes, aguarde 60 s',
  },
  4084: {
    status: 500,
    'zh-CN': '获取验证码失败',
    'en-US': 'Getting the verification code failed',
    'pt-PT': 'Falha ao obter o código de verificação',
  },
  4085: {
    status: 400,
    'zh-CN': '用户不存在或验证码已过期',
    'en-US': 'User missing or code expired',
    'pt-PT': 'Utilizador inexistente ou código expirado',
  },
  4086: { status: 400, 'zh-CN': '验证码错误', 'en-US': 'Wrong code', 'pt-PT': 'Código errado' },
  4087: { status: 400, 'zh-CN': '验证码已过期', 'en-US': 'Code expired', 'pt-PT': 'Código expirado' },
  4088: {
    status: 403,
    'zh-CN': '未选择操作公司',
    'en-US': 'No operating company chosen',
    'pt-PT': 'Nenhuma empresa de operação escolhida',
  },
  4090: {
    status: 409,
    'zh-CN': '无法删除存在下级的公司或部门',
    'en-US': 'Cannot delete a company or department that has subordinates',
    'pt-PT': 'Não é possível eliminar uma empresa ou departamento com subordinados',
  },
  4091: {
    status: 409,
    'zh-CN': '人脸终端编号已被其他电梯绑定',
    'en-US': 'Face terminal id is bound by another lift',
    'pt-PT': 'O ID do terminal facial está associado a outro elevador',
  },
  4092: { status: 404, 'zh-CN': '设备不存在', 'en-US': 'Device not found', 'pt-PT': 'Dispositivo não encontrado' },
  4093: {
    status: 404,
    'zh-CN': '外部合作平台上不存在该用户',
    'en-US': 'User missing on the external partner platform',
    'pt-PT': 'Utilizador inexistente na plataforma parceira externa',
  },
  4094: { status: 409, 'zh-CN': 'BS号已注册', 'en-US': 'BS number already registered', 'pt-PT': 'Número BS já registado' },
  4095: {
    status: 400,
    'zh-CN': 'IMSI与BS号不匹配',
    'en-US': 'IMSI and BS number do not match',
    'pt-PT': 'IMSI e número BS não correspondem',
  },
  4096: { status: 409, 'zh-CN': 'IMSI已存在', 'en-US': 'IMSI already exists', 'pt-PT': 'O IMSI já existe' },
  4097: { status: 429, 'zh-CN': '请求过于频繁', 'en-US': 'Requests too frequent', 'pt-PT': 'Pedidos demasiado frequentes' },
  4098: {
    status: 400,
    'zh-CN': '手机号格式错误',
    'en-US': 'Phone number format is wrong',
    'pt-PT': 'Formato do número de telemóvel incorreto',
  },
  4099: { status: 400, 'zh-CN': '邮箱格式错误', 'en-US': 'Email format is wrong', 'pt-PT': 'Formato do email incorreto' },
  4100: {
    status: 429,
    'zh-CN': '操作过于频繁，请60秒后再试',
    'en-US': 'Too frequent, try again in 60 s',
    'pt-PT': 'Demasiado frequente, tente novamente em 60 s',
  },
  4101: { status: 409, 'zh-CN': '邮箱已存在', 'en-US': 'Email already exists', 'pt-PT': 'O email já existe' },
  4102: { status: 400, 'zh-CN': '验证码参数错误', 'en-US': 'Wrong code parameter', 'pt-PT': 'Parâmetro de código errado' },
  4103: { status: 400, 'zh-CN': '缺少验证码', 'en-US': 'Missing code', 'pt-PT': 'Código em falta' },
  4104: { status: 404, 'zh-CN': '没有该验证码的记录', 'en-US': 'No record for the code', 'pt-PT': 'Nenhum registo para o código' },
  4105: {
    status: 409,
    'zh-CN': '账号和密钥与之前相同',
    'en-US': 'Account and secret are the same as before',
    'pt-PT': 'Conta e segredo iguais aos anteriores',
  },
  4106: { status: 500, 'zh-CN': '数据更新失败', 'en-US': 'Data update failed', 'pt-PT': 'Falha na atualização dos dados' },
  // Catalogued additions of the project (SPEC.md §8 "operation messages" and HTTP-level errors).
  4040: { status: 404, 'zh-CN': '接口不存在', 'en-US': 'No such API route', 'pt-PT': 'Rota da API inexistente' },
  4051: { status: 413, 'zh-CN': '请求内容过大', 'en-US': 'Request body too large', 'pt-PT': 'Corpo do pedido demasiado grande' },
  4052: { status: 400, 'zh-CN': '请求内容格式错误', 'en-US': 'Malformed request body', 'pt-PT': 'Corpo do pedido mal formado' },
  4053: {
    status: 403,
    'zh-CN': '没有访问权限，请联系公司管理员',
    'en-US': 'No access permission, contact the company administrator',
    'pt-PT': 'Sem permissão de acesso, contacte o administrador da empresa',
  },
  4054: {
    status: 409,
    'zh-CN': '存在成员的公司或部门不能删除',
    'en-US': 'A company or department with members cannot be deleted',
    'pt-PT': 'Uma empresa ou departamento com membros não pode ser eliminado',
  },
  4055: {
    status: 409,
    'zh-CN': '用户不能删除自己的账号',
    'en-US': 'You cannot delete your own account',
    'pt-PT': 'Não pode eliminar a sua própria conta',
  },
  4056: {
    status: 409,
    'zh-CN': '虚拟电梯禁止操作',
    'en-US': 'Operations are forbidden on virtual lifts',
    'pt-PT': 'Operações proibidas em elevadores virtuais',
  },
  4057: {
    status: 409,
    'zh-CN': '监控中的电梯不能操作',
    'en-US': 'A lift being monitored cannot be operated',
    'pt-PT': 'Um elevador em monitorização não pode ser operado',
  },
  4058: {
    status: 409,
    'zh-CN': '困人中的电梯不能监控',
    'en-US': 'A lift in distress cannot be monitored',
    'pt-PT': 'Um elevador em situação de socorro não pode ser monitorizado',
  },
  4059: {
    status: 409,
    'zh-CN': '监控中的电梯不能拉取文件',
    'en-US': 'A lift being monitored cannot pull files',
    'pt-PT': 'Um elevador em monitorização não pode transferir ficheiros',
  },
  4060: {
    status: 409,
    'zh-CN': '终端已在别处连接',
    'en-US': 'The terminal is connected elsewhere',
    'pt-PT': 'O terminal está ligado noutro local',
  },
  4063: {
    status: 504,
    'zh-CN': '终端连接失败或超时',
    'en-US': 'Terminal connection failed or timed out',
    'pt-PT': 'Falha ou tempo esgotado na ligação ao terminal',
  },
  4064: { status: 404, 'zh-CN': '记录不存在', 'en-US': 'Record not found', 'pt-PT': 'Registo não encontrado' },
  4110: {
    status: 401,
    'zh-CN': '改密凭证无效或已过期，请重新登录',
    'en-US': 'Password change ticket invalid or expired, please sign in again',
    'pt-PT': 'Credencial de alteração da palavra-passe inválida ou expirada, inicie sessão novamente',
  },
  4065: {
    status: 503,
    'zh-CN': '服务暂不可用',
    'en-US': 'Service temporarily unavailable',
    'pt-PT': 'Serviço temporariamente indisponível',
  },
  // Organisation and access control (reserved 4120–4139).
  4120: {
    status: 403,
    'zh-CN': '权限超出上级公司的范围',
    'en-US': 'Permissions exceed those of the parent company',
    'pt-PT': 'As permissões excedem as da empresa superior',
  },
  4121: {
    status: 409,
    'zh-CN': '不能移动到自身或其下级之下',
    'en-US': 'A node cannot be moved under itself or its subordinates',
    'pt-PT': 'Um nó não pode ser movido para si próprio ou para os seus subordinados',
  },
  4122: {
    status: 400,
    'zh-CN': '公司只能位于公司之下',
    'en-US': 'A company can only be placed under a company',
    'pt-PT': 'Uma empresa só pode ficar sob uma empresa',
  },
  4123: {
    status: 400,
    'zh-CN': '结束编号不能小于开始编号',
    'en-US': 'The end number may not be below the start number',
    'pt-PT': 'O número final não pode ser inferior ao inicial',
  },
  4124: {
    status: 400,
    'zh-CN': '编号不能重复添加',
    'en-US': 'A number may not be added twice',
    'pt-PT': 'Um número não pode ser adicionado duas vezes',
  },
  4125: { status: 409, 'zh-CN': '名称不能重复', 'en-US': 'The name already exists', 'pt-PT': 'O nome já existe' },
  4126: {
    status: 409,
    'zh-CN': '角色正在使用，不能删除',
    'en-US': 'The role is in use and cannot be deleted',
    'pt-PT': 'A função está em uso e não pode ser eliminada',
  },
  4127: {
    status: 400,
    'zh-CN': '只能上传 PNG、JPEG 或 WebP 图片',
    'en-US': 'Only PNG, JPEG or WebP images can be uploaded',
    'pt-PT': 'Só é possível carregar imagens PNG, JPEG ou WebP',
  },
  4128: {
    status: 400,
    'zh-CN': 'Logo 尺寸应约为 207×40 像素',
    'en-US': 'The logo should be about 207×40 pixels',
    'pt-PT': 'O logótipo deve ter cerca de 207×40 píxeis',
  },
  4129: {
    status: 409,
    'zh-CN': '存在楼栋或电梯的小区不能删除',
    'en-US': 'A community with buildings or lifts cannot be deleted',
    'pt-PT': 'Uma comunidade com edifícios ou elevadores não pode ser eliminada',
  },
  4130: {
    status: 409,
    'zh-CN': '存在下级的资源不能删除',
    'en-US': 'A resource with children cannot be deleted',
    'pt-PT': 'Um recurso com filhos não pode ser eliminado',
  },
  4131: {
    status: 400,
    'zh-CN': '角色不属于该公司',
    'en-US': 'The role does not belong to that company',
    'pt-PT': 'A função não pertence a essa empresa',
  },
  4132: {
    status: 409,
    'zh-CN': '存在单元或电梯的楼栋不能删除',
    'en-US': 'A building with units or lifts cannot be deleted',
    'pt-PT': 'Um edifício com unidades ou elevadores não pode ser eliminado',
  },
  4133: {
    status: 400,
    'zh-CN': '一次最多创建 200 个',
    'en-US': 'At most 200 can be created at once',
    'pt-PT': 'No máximo 200 de uma vez',
  },
  // Registry (lifts, terminals, SIM cards): 4140–4159.
  4140: {
    status: 400,
    'zh-CN': '楼层数必须为1到64',
    'en-US': 'Floor count must be 1 to 64',
    'pt-PT': 'O número de pisos tem de ser de 1 a 64',
  },
  4141: {
    status: 400,
    'zh-CN': '贯通门电梯总楼层不能超过32层',
    'en-US': 'A through-door lift has at most 32 floors',
    'pt-PT': 'Um elevador de porta passante tem no máximo 32 pisos',
  },
  4142: {
    status: 400,
    'zh-CN': '副梯楼层数不能多于主梯',
    'en-US': 'A secondary lift cannot have more floors than its main lift',
    'pt-PT': 'Um elevador secundário não pode ter mais pisos do que o principal',
  },
  4143: {
    status: 400,
    'zh-CN': '故障报警人最多2人',
    'en-US': 'At most 2 fault alarm persons',
    'pt-PT': 'No máximo 2 pessoas de alarme de avaria',
  },
  4144: { status: 400, 'zh-CN': '日期不能为空', 'en-US': 'Date cannot be empty', 'pt-PT': 'A data não pode estar vazia' },
  4145: {
    status: 400,
    'zh-CN': '终端编号格式不正确',
    'en-US': 'Terminal id format is invalid',
    'pt-PT': 'Formato do ID do terminal inválido',
  },
  4146: {
    status: 400,
    'zh-CN': 'm3u8视频流地址格式不正确',
    'en-US': 'm3u8 stream address format is invalid',
    'pt-PT': 'Formato do endereço de stream m3u8 inválido',
  },
  4147: {
    status: 403,
    'zh-CN': '没有设置到期时间的权限',
    'en-US': 'No permission to set the expiry time',
    'pt-PT': 'Sem permissão para definir a data de expiração',
  },
  4148: { status: 400, 'zh-CN': '必填项为空', 'en-US': 'A required field is empty', 'pt-PT': 'Um campo obrigatório está vazio' },
  4149: {
    status: 400,
    'zh-CN': '主梯不存在或本身是副梯',
    'en-US': 'Main lift missing or itself a secondary lift',
    'pt-PT': 'Elevador principal inexistente ou ele próprio secundário',
  },
  4150: { status: 400, 'zh-CN': 'IMSI必须为15位数字', 'en-US': 'IMSI must be 15 digits', 'pt-PT': 'O IMSI tem de ter 15 dígitos' },
  4151: {
    status: 400,
    'zh-CN': 'BS号必须为11到13位数字',
    'en-US': 'BS number must be 11 to 13 digits',
    'pt-PT': 'O número BS tem de ter 11 a 13 dígitos',
  },
  4152: {
    status: 400,
    'zh-CN': '导入文件行数过多',
    'en-US': 'The import file has too many rows',
    'pt-PT': 'O ficheiro de importação tem demasiadas linhas',
  },
  4153: {
    status: 400,
    'zh-CN': '文件类型或大小不符合要求',
    'en-US': 'File type or size not allowed',
    'pt-PT': 'Tipo ou tamanho de ficheiro não permitido',
  },
  4154: { status: 409, 'zh-CN': '终端已注册', 'en-US': 'Terminal already registered', 'pt-PT': 'Terminal já registado' },
  4155: {
    status: 409,
    'zh-CN': '终端已绑定电梯，不能删除',
    'en-US': 'The terminal is bound to a lift and cannot be deleted',
    'pt-PT': 'O terminal está associado a um elevador e não pode ser eliminado',
  },
  4156: {
    status: 409,
    'zh-CN': '恢复失败，电梯编号或终端已被占用',
    'en-US': 'Restore failed, the lift number or terminal is taken',
    'pt-PT': 'Falha ao restaurar, o número do elevador ou o terminal está ocupado',
  },
  4158: {
    status: 400,
    'zh-CN': '人脸终端编号必须是人脸终端',
    'en-US': 'The face terminal id must be a face terminal',
    'pt-PT': 'O ID do terminal facial tem de ser um terminal facial',
  },
  // Maintenance records (reserved 4170–4179).
  4170: {
    status: 400,
    'zh-CN': '维保单位必须是您管辖范围内的公司',
    'en-US': 'The maintenance company must be a company in your scope',
    'pt-PT': 'A empresa de manutenção tem de ser uma empresa do seu âmbito',
  },
  4171: {
    status: 400,
    'zh-CN': '维保日期不能晚于今天',
    'en-US': 'The maintenance date cannot be in the future',
    'pt-PT': 'A data da manutenção não pode ser futura',
  },
  // Faults and alerts (reserved 4180–4199).
  4180: { status: 409, 'zh-CN': '故障已处理', 'en-US': 'The fault has already been processed', 'pt-PT': 'A avaria já foi tratada' },
  4181: { status: 409, 'zh-CN': '任务已处理', 'en-US': 'The task has already been handled', 'pt-PT': 'A tarefa já foi tratada' },
  4182: {
    status: 409,
    'zh-CN': '该短信签名不在审核中',
    'en-US': 'This SMS signature is not awaiting review',
    'pt-PT': 'Esta assinatura de SMS não está em revisão',
  },
  4183: {
    status: 400,
    'zh-CN': '序列号、制造单位信用代码和注册代码必须填写',
    'en-US': 'Serial number, manufacturer credit code and registration code must be filled',
    'pt-PT': 'O número de série, o código de crédito do fabricante e o código de registo são obrigatórios',
  },
  4184: {
    status: 400,
    'zh-CN': '短信签名须为 2–12 个文字或数字',
    'en-US': 'An SMS signature must be 2–12 letters or digits',
    'pt-PT': 'Uma assinatura de SMS deve ter 2–12 letras ou dígitos',
  },
  4185: { status: 400, 'zh-CN': '未知的故障代码', 'en-US': 'Unknown fault code', 'pt-PT': 'Código de avaria desconhecido' },
  4186: {
    status: 409,
    'zh-CN': '没有启用的监管平台推送账号',
    'en-US': 'No enabled regulatory platform account',
    'pt-PT': 'Nenhuma conta de plataforma reguladora ativa',
  },
  // 4200–4219: remote control, over-the-air update, settings push (issue 6)
  4200: {
    status: 409,
    'zh-CN': '该电梯未绑定终端，指令未发送',
    'en-US': 'No terminal is bound to this lift, command not sent',
    'pt-PT': 'Nenhum terminal associado a este elevador, comando não enviado',
  },
  4201: {
    status: 400,
    'zh-CN': '版本号格式错误（第3至6位应为四位数字）',
    'en-US': 'Invalid version (characters 3 to 6 must be four digits)',
    'pt-PT': 'Versão inválida (os caracteres 3 a 6 têm de ser quatro dígitos)',
  },
  4202: {
    status: 404,
    'zh-CN': '该版本的升级包不存在，请先上传',
    'en-US': 'No package for this version, upload it first',
    'pt-PT': 'Não existe pacote para esta versão, carregue-o primeiro',
  },
  4203: {
    status: 429,
    'zh-CN': '密码错误次数过多，请稍后再试',
    'en-US': 'Too many wrong passwords, try again later',
    'pt-PT': 'Demasiadas palavras-passe erradas, tente mais tarde',
  },
  4204: {
    status: 409,
    'zh-CN': '该电梯正在下载文件，不能监控',
    'en-US': 'Files are being downloaded from this lift, it cannot be monitored',
    'pt-PT': 'Estão a ser transferidos ficheiros deste elevador, não pode ser monitorizado',
  },
  4205: {
    status: 403,
    'zh-CN': '没有该指令的权限',
    'en-US': 'No permission for this command',
    'pt-PT': 'Sem permissão para este comando',
  },
  4206: {
    status: 409,
    'zh-CN': '该版本的升级包已存在',
    'en-US': 'A package of this version already exists',
    'pt-PT': 'Já existe um pacote desta versão',
  },
} as const satisfies Record<number, Entry>;

export type ErrorCode = keyof typeof ERRORS;

export const ErrorCodes = {
  NOT_LOGGED_IN: 401,
  ABNORMAL_LOGIN: 402,
  SESSION_ENDED: 403,
  PASSWORD_TOO_SIMPLE: 413,
  ACCOUNT_MISMATCH: 414,
  UNKNOWN: -1,
  PARAMETER: 4001,
  USER_NOT_FOUND: 4011,
  BAD_CREDENTIALS: 4012,
  PASSWORD_RULES: 4013,
  NO_ROUTE: 4040,
  BODY_TOO_LARGE: 4051,
  MALFORMED_BODY: 4052,
  NO_PERMISSION: 4053,
  NOT_FOUND: 4064,
  TOO_FREQUENT: 4097,
  NO_COMPANY: 4088,
  FAULT_ALREADY_PROCESSED: 4180,
  TASK_ALREADY_HANDLED: 4181,
  SIGNATURE_NOT_IN_REVIEW: 4182,
  PUSH_PARAMS_REQUIRED: 4183,
  SIGNATURE_INVALID: 4184,
  UNKNOWN_FAULT_CODE: 4185,
  NO_PUSH_ACCOUNT: 4186,
  SAME_ACCOUNT_SECRET: 4105,
} as const;

export function isErrorCode(code: number): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}

export function errorText(code: number, locale: Locale = DEFAULT_LOCALE): string {
  const entry = isErrorCode(code) ? ERRORS[code] : ERRORS[-1];
  return entry[locale];
}

export function errorStatus(code: number): number {
  return isErrorCode(code) ? ERRORS[code].status : 500;
}

export function pickLocale(input: string | null | undefined): Locale {
  if (!input) return DEFAULT_LOCALE;
  for (const part of input.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('pt')) return 'pt-PT';
    if (tag.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LOCALE;
}
