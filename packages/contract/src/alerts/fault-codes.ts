import type { Locale } from '../errors.ts';

/**
 * The fault-code catalogue: the `code` a terminal sends in U03/U04, a stable two-digit fault
 * number shown to users (`fault_no`), the kind of lift it applies to, and its name and
 * meaning in the three interface languages. `trapped` and `safety` codes alert on screen and
 * by SMS by default; the others alert on screen only (per-company fault settings override).
 */
export const FAULT_CATEGORIES = ['trapped', 'safety', 'door', 'operation', 'escalator'] as const;
export type TFaultCategory = (typeof FAULT_CATEGORIES)[number];

type Text = Record<Locale, string>;
export type FaultCodeEntry = {
  code: string;
  no: string;
  category: TFaultCategory;
  /** 'lift' for elevators, 'escalator' for escalators and moving walks */
  applies: 'lift' | 'escalator';
  name: Text;
  meaning: Text;
};

const e = (
  code: string,
  no: string,
  category: TFaultCategory,
  name: [string, string, string],
  meaning: [string, string, string],
): FaultCodeEntry => ({
  code,
  no,
  category,
  applies: category === 'escalator' ? 'escalator' : 'lift',
  name: { 'zh-CN': name[0], 'en-US': name[1], 'pt-PT': name[2] },
  meaning: { 'zh-CN': meaning[0], 'en-US': meaning[1], 'pt-PT': meaning[2] },
});

export const FAULT_CODES: readonly FaultCodeEntry[] = [
  e(
    'TRAP_FLOOR',
    '01',
    'trapped',
    ['平层困人', 'Passengers trapped at floor level', 'Passageiros presos ao nível do piso'],
    [
      '轿厢停在平层区域但门无法打开，乘客被困',
      'The car stopped level with a floor but the doors do not open; passengers are inside',
      'A cabina parou nivelada com um piso mas as portas não abrem; há passageiros no interior',
    ],
  ),
  e(
    'TRAP_BETWEEN',
    '02',
    'trapped',
    ['非平层困人', 'Passengers trapped between floors', 'Passageiros presos entre pisos'],
    [
      '轿厢停在两层之间，乘客被困，需救援',
      'The car stopped between floors with passengers inside; a rescue is needed',
      'A cabina parou entre pisos com passageiros no interior; é necessário um resgate',
    ],
  ),
  e(
    'DOOR_OPEN_RUN',
    '03',
    'safety',
    ['运行中开门', 'Door opened while running', 'Porta aberta em movimento'],
    ['电梯运行过程中门被打开', 'A door opened while the car was travelling', 'Uma porta abriu-se enquanto a cabina estava em movimento'],
  ),
  e(
    'MOVE_DOOR_OPEN',
    '04',
    'safety',
    ['开门走梯', 'Car moved with door open', 'Cabina moveu-se com a porta aberta'],
    [
      '门未关闭时轿厢发生移动（意外移动）',
      'The car moved away from the floor while a door was open (unintended movement)',
      'A cabina afastou-se do piso com uma porta aberta (movimento não intencional)',
    ],
  ),
  e(
    'OVERSPEED',
    '05',
    'safety',
    ['超速', 'Over-speed', 'Excesso de velocidade'],
    [
      '轿厢速度超过额定速度的安全范围',
      'The car exceeded the safe margin over its rated speed',
      'A cabina excedeu a margem de segurança da velocidade nominal',
    ],
  ),
  e(
    'HIT_TOP',
    '06',
    'safety',
    ['冲顶', 'Hitting the top', 'Embate no topo'],
    [
      '轿厢越过顶层平层位置继续上行',
      'The car travelled past the top floor into the headroom',
      'A cabina ultrapassou o último piso e entrou na zona superior',
    ],
  ),
  e(
    'HIT_BOTTOM',
    '07',
    'safety',
    ['蹲底', 'Hitting the bottom', 'Embate no fundo'],
    [
      '轿厢越过底层平层位置继续下行',
      'The car travelled past the bottom floor into the pit',
      'A cabina ultrapassou o piso inferior e entrou no poço',
    ],
  ),
  e(
    'STOP_OUT_ZONE',
    '08',
    'safety',
    ['门区外停梯', 'Stopped outside the door zone', 'Paragem fora da zona de porta'],
    [
      '轿厢停在开锁区域以外，乘客无法出入',
      'The car stopped outside the unlocking zone, so passengers cannot get in or out',
      'A cabina parou fora da zona de desbloqueio e os passageiros não podem entrar nem sair',
    ],
  ),
  e(
    'POWER_CUT',
    '09',
    'safety',
    ['停电', 'Power cut', 'Corte de energia'],
    ['电梯主电源中断', 'The main power supply of the lift was lost', 'A alimentação principal do elevador foi interrompida'],
  ),
  e(
    'SAFETY_OPEN',
    '10',
    'safety',
    ['安全回路断路', 'Safety circuit open', 'Circuito de segurança aberto'],
    [
      '安全回路中某个安全开关动作，电梯急停',
      'A switch in the safety circuit opened and the lift stopped',
      'Um interruptor do circuito de segurança abriu e o elevador parou',
    ],
  ),
  e(
    'DOORLOCK_OPEN',
    '11',
    'safety',
    ['门锁回路断路', 'Door-lock circuit open', 'Circuito de fecho das portas aberto'],
    [
      '门锁回路断开，电梯无法运行',
      'The door-lock circuit is open, so the lift cannot run',
      'O circuito de fecho das portas está aberto e o elevador não pode funcionar',
    ],
  ),
  e(
    'DOOR_OPEN_FAIL',
    '12',
    'door',
    ['开门故障', 'Door fails to open', 'Porta não abre'],
    ['到站后门无法正常打开', 'The doors do not open at the landing', 'As portas não abrem no patamar'],
  ),
  e(
    'DOOR_CLOSE_FAIL',
    '13',
    'door',
    ['关门故障', 'Door fails to close', 'Porta não fecha'],
    [
      '门无法正常关闭，电梯无法启动',
      'The doors do not close, so the lift cannot start',
      'As portas não fecham e o elevador não pode arrancar',
    ],
  ),
  e(
    'DOOR_BLOCKED',
    '14',
    'door',
    ['门被阻挡', 'Door blocked', 'Porta bloqueada'],
    ['门长时间被阻挡无法关闭', 'Something has held the doors open for a long time', 'Algo mantém as portas abertas há muito tempo'],
  ),
  e(
    'FLOOR_LOST',
    '15',
    'operation',
    ['楼层信息丢失', 'Floor information lost', 'Informação de piso perdida'],
    [
      '控制器丢失轿厢位置，需要重新校正',
      'The controller lost the car position and needs a correction run',
      'O controlador perdeu a posição da cabina e precisa de uma viagem de correção',
    ],
  ),
  e(
    'MOTOR_LIMITER',
    '16',
    'operation',
    ['电动机运转时间限制器动作', 'Motor run-time limiter tripped', 'Limitador de tempo de funcionamento do motor atuado'],
    [
      '电动机连续运转超过限定时间被切断',
      'The motor ran longer than the limit without reaching a floor and was cut off',
      'O motor funcionou mais do que o limite sem chegar a um piso e foi desligado',
    ],
  ),
  e(
    'ALARM_BUTTON',
    '17',
    'trapped',
    ['乘客按下报警按钮', 'Passenger alarm button pressed', 'Botão de alarme acionado por passageiro'],
    [
      '轿厢内乘客按下紧急报警按钮求助',
      'A passenger in the car pressed the emergency alarm button',
      'Um passageiro na cabina premiu o botão de alarme de emergência',
    ],
  ),
  e(
    'ESC_STEP_MISSING',
    '31',
    'escalator',
    ['梯级缺失', 'Escalator step missing', 'Degrau em falta na escada rolante'],
    [
      '扶梯检测到梯级或踏板缺失，已停止',
      'A missing step or pallet was detected and the escalator stopped',
      'Foi detetado um degrau ou palete em falta e a escada rolante parou',
    ],
  ),
  e(
    'ESC_HANDRAIL',
    '32',
    'escalator',
    ['扶手带速度偏差', 'Handrail speed deviation', 'Desvio de velocidade do corrimão'],
    [
      '扶手带与梯级速度偏差过大',
      'The handrail speed differs too much from the step speed',
      'A velocidade do corrimão difere demasiado da dos degraus',
    ],
  ),
  e(
    'ESC_COMB',
    '33',
    'escalator',
    ['梳齿板异物', 'Comb plate obstruction', 'Obstrução no pente'],
    [
      '梳齿板处卡入异物，安全开关动作',
      'Something caught in the comb plate tripped its safety switch',
      'Um objeto preso no pente acionou o interruptor de segurança',
    ],
  ),
  e(
    'ESC_REVERSAL',
    '34',
    'escalator',
    ['非操纵逆转', 'Unintended reversal', 'Inversão não intencional'],
    ['扶梯运行方向发生非操纵逆转', 'The escalator changed direction without a command', 'A escada rolante inverteu o sentido sem comando'],
  ),
  e(
    'ESC_OVERSPEED',
    '35',
    'escalator',
    ['扶梯超速', 'Escalator over-speed', 'Excesso de velocidade da escada rolante'],
    [
      '扶梯速度超过额定速度的 1.2 倍',
      'The escalator ran faster than 1.2 times its rated speed',
      'A escada rolante excedeu 1,2 vezes a velocidade nominal',
    ],
  ),
  e(
    'ESC_SKIRT',
    '36',
    'escalator',
    ['围裙板异物', 'Skirt panel obstruction', 'Obstrução no rodapé'],
    [
      '围裙板与梯级间卡入异物，安全开关动作',
      'Something caught between skirt and steps tripped the safety switch',
      'Um objeto preso entre o rodapé e os degraus acionou o interruptor de segurança',
    ],
  ),
];

const byCode = new Map(FAULT_CODES.map((f) => [f.code, f]));

export function faultCodeEntry(code: string): FaultCodeEntry | undefined {
  return byCode.get(code);
}

/** The name of a fault in a language; an unknown code reads as itself. */
export function faultName(code: string, locale: Locale): string {
  return byCode.get(code)?.name[locale] ?? code;
}

export function faultNo(code: string): string {
  return byCode.get(code)?.no ?? code;
}

/** Codes that mean people are (or may be) trapped. */
export const TRAPPED_CODES = FAULT_CODES.filter((f) => f.category === 'trapped').map((f) => f.code);

/** Default alerting when a company has not chosen: trapped and safety codes on screen and by SMS, the rest on screen only. */
export function defaultFaultAlerting(code: string): { screen: boolean; sms: boolean } {
  const entry = byCode.get(code);
  const urgent = entry ? entry.category === 'trapped' || entry.category === 'safety' : false;
  return { screen: true, sms: urgent };
}
