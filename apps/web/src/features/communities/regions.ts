import type { Locale } from '@liftguard/contract/errors';

/**
 * A small static province → city → district dataset for the region picker. The stored value is
 * the Chinese name (what the server keeps in j_region); the labels follow the interface language.
 */
type Entry = [zh: string, en: string, pt: string, children?: Entry[]];

const REGIONS: Entry[] = [
  [
    '北京市',
    'Beijing',
    'Pequim',
    [
      [
        '北京市',
        'Beijing',
        'Pequim',
        [
          ['东城区', 'Dongcheng District', 'Distrito de Dongcheng'],
          ['西城区', 'Xicheng District', 'Distrito de Xicheng'],
          ['朝阳区', 'Chaoyang District', 'Distrito de Chaoyang'],
          ['海淀区', 'Haidian District', 'Distrito de Haidian'],
        ],
      ],
    ],
  ],
  [
    '上海市',
    'Shanghai',
    'Xangai',
    [
      [
        '上海市',
        'Shanghai',
        'Xangai',
        [
          ['黄浦区', 'Huangpu District', 'Distrito de Huangpu'],
          ['徐汇区', 'Xuhui District', 'Distrito de Xuhui'],
          ['浦东新区', 'Pudong New Area', 'Nova Área de Pudong'],
        ],
      ],
    ],
  ],
  [
    '广东省',
    'Guangdong',
    'Guangdong',
    [
      [
        '广州市',
        'Guangzhou',
        'Cantão',
        [
          ['天河区', 'Tianhe District', 'Distrito de Tianhe'],
          ['越秀区', 'Yuexiu District', 'Distrito de Yuexiu'],
          ['海珠区', 'Haizhu District', 'Distrito de Haizhu'],
        ],
      ],
      [
        '深圳市',
        'Shenzhen',
        'Shenzhen',
        [
          ['南山区', 'Nanshan District', 'Distrito de Nanshan'],
          ['福田区', 'Futian District', 'Distrito de Futian'],
          ['宝安区', "Bao'an District", "Distrito de Bao'an"],
        ],
      ],
      [
        '珠海市',
        'Zhuhai',
        'Zhuhai',
        [
          ['香洲区', 'Xiangzhou District', 'Distrito de Xiangzhou'],
          ['金湾区', 'Jinwan District', 'Distrito de Jinwan'],
        ],
      ],
    ],
  ],
  [
    '浙江省',
    'Zhejiang',
    'Zhejiang',
    [
      [
        '杭州市',
        'Hangzhou',
        'Hangzhou',
        [
          ['西湖区', 'Xihu District', 'Distrito de Xihu'],
          ['上城区', 'Shangcheng District', 'Distrito de Shangcheng'],
          ['滨江区', 'Binjiang District', 'Distrito de Binjiang'],
        ],
      ],
      [
        '宁波市',
        'Ningbo',
        'Ningbo',
        [
          ['海曙区', 'Haishu District', 'Distrito de Haishu'],
          ['鄞州区', 'Yinzhou District', 'Distrito de Yinzhou'],
        ],
      ],
    ],
  ],
  [
    '江苏省',
    'Jiangsu',
    'Jiangsu',
    [
      [
        '南京市',
        'Nanjing',
        'Nanquim',
        [
          ['玄武区', 'Xuanwu District', 'Distrito de Xuanwu'],
          ['鼓楼区', 'Gulou District', 'Distrito de Gulou'],
        ],
      ],
      [
        '苏州市',
        'Suzhou',
        'Suzhou',
        [
          ['姑苏区', 'Gusu District', 'Distrito de Gusu'],
          ['吴中区', 'Wuzhong District', 'Distrito de Wuzhong'],
        ],
      ],
    ],
  ],
  [
    '澳门特别行政区',
    'Macao SAR',
    'RAE de Macau',
    [
      [
        '澳门',
        'Macao',
        'Macau',
        [
          ['花地玛堂区', 'Our Lady of Fatima Parish', 'Freguesia de Nossa Senhora de Fátima'],
          ['大堂区', 'Cathedral Parish', 'Freguesia da Sé'],
          ['氹仔', 'Taipa', 'Taipa'],
        ],
      ],
    ],
  ],
];

export type RegionOption = { value: string; label: string; children?: RegionOption[] };

const pick = (e: Entry, locale: Locale) => (locale === 'zh-CN' ? e[0] : locale === 'pt-PT' ? e[2] : e[1]);

/** Cascader options in a language (values stay Chinese). */
export function regionOptions(locale: Locale, list: Entry[] = REGIONS): RegionOption[] {
  return list.map((e) => ({ value: e[0], label: pick(e, locale), ...(e[3] ? { children: regionOptions(locale, e[3]) } : {}) }));
}

/** A stored region path shown in a language; names outside the dataset are shown as stored. */
export function regionLabel(path: readonly string[], locale: Locale): string {
  const out: string[] = [];
  let level: Entry[] | undefined = REGIONS;
  for (const zh of path) {
    const e: Entry | undefined = level?.find((x) => x[0] === zh);
    out.push(e ? pick(e, locale) : zh);
    level = e?.[3];
  }
  return out.join(locale === 'zh-CN' ? '' : ' / ');
}
