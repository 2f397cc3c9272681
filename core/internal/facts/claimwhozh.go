package facts

// Who the user is, said in Chinese with the subject left out and in the words of people
// who do not write the way an office worker does (dev7.json: a delivery rider, a farmer,
// a retired teacher, a student, someone with a chronic illness). Each is the whole clause
// or its start, and selfClaimZH takes it only as a message's first clause with no person
// in it, like the other subject-less cues:
//
//   - a trade as "X的", the whole clause: "跑外卖的", "开出租的", "种地的", "养猪的";
//   - a home town: "老家河南周口的", "老家在东北";
//   - a job before retiring, or before now: "退休前教了三十年语文", "以前在国企上班";
//   - a year of study or a major: "大三", "研一在读", "计算机专业的";
//   - a workplace: "在一家saas公司做customer success", "在镇上的厂里上班";
//   - a routine at a clock time: "天天五点起来喂猪", "每天晚上十点就睡";
//   - a role and a measure word, the whole clause: "退休老师一枚", "程序员一名";
//   - a chronic condition the older cue list lacked: "腰间盘突出", "二型糖尿病", "鼻炎".
var whoZH = lazy(`^(?:` +
	`(?:是|就是)?(?:跑|送|开|干|搞|卖|修|种|养|摆|做)[\p{Han}]{1,5}的$` +
	`|老家(?:在|是)?\s*\p{Han}{2,8}(?:的|人)?$` +
	`|(?:退休前|退休之前|没退休那会儿?|以前|之前|原来)(?:是|当|教|干|做|在\p{Han}{1,10}(?:上班|工作|教书|当))` +
	`|(?:大[一二三四五]|研[一二三]|研究生|博[一二三四五]|高[一二三]|初[一二三])(?:学生|在读|了|党|狗)?$` +
	`|[\p{Han}A-Za-z]{2,10}专业(?:的|在读|大[一二三四五])?$` +
	`|在(?:一家|一个|家|个)?[^，,。]{1,16}(?:公司|厂|厂里|医院|学校|饭店|超市|工地|店里?|单位)(?:做|当|上班|工作|干|打工|上)` +
	`|(?:天天|每天|每晚|平时|一般)\s*(?:早上|晚上|凌晨|早|晚)?\s*(?:\d{1,2}|[一二三四五六七八九十两]{1,3})\s*点` +
	`|[\p{Han}A-Za-z]{2,8}(?:一枚|一名)$` +
	`|(?:一型|二型|[12]型)?(?:糖尿病|腰间盘|椎间盘|鼻炎|关节炎|甲亢|甲减|三高|尿酸高|血压高|肾结石|胆结石|乳糖不耐)` +
	`)`)
