/**
 * The fixed choice lists of the product (SPEC 5 and 9): skill names, project categories and
 * industries. Pure data plus small helpers, shared by the client pickers and the server checks.
 */
import { type I18n } from '@lingui/core'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { msg, type Descriptor } from '~/utils/i18n-macro'

/** Which list a choice comes from: the context of its message in the catalogs. */
export type OptionKind = 'skill' | 'category' | 'industry'

/**
 * How a choice reads in the page's language. What is stored stays the English key (the API,
 * the export, the search); a list entry is shown translated, an owner's own words as typed.
 * A translatable entry is declared for the catalogs as
 * `msg({ message: 'Web Design', context: 'category' })` (`~/utils/i18n-macro`).
 */
export function optionLabel(i18n: I18n, kind: OptionKind, value: string): string {
	const id = generateMessageId(value, kind)
	return i18n.messages[id] === undefined ? value : i18n._(id)
}

/** Skill names a resume skill or a project's 'Skills And Expertise' may use (about 150). */
export const SKILLS = [
	// Software engineering
	'JavaScript',
	'TypeScript',
	'Python',
	'Java',
	'C++',
	'C#',
	'Go',
	'Rust',
	'Ruby',
	'PHP',
	'Swift',
	'Kotlin',
	'SQL',
	'HTML',
	'CSS',
	'React',
	'Angular',
	'Vue.js',
	'Next.js',
	'Node.js',
	'Django',
	'Flask',
	'Spring Boot',
	'Ruby on Rails',
	'.NET',
	'Flutter',
	'React Native',
	'iOS Development',
	'Android Development',
	'GraphQL',
	'REST APIs',
	'Microservices',
	'System Design',
	'Docker',
	'Kubernetes',
	'AWS',
	'Microsoft Azure',
	'Google Cloud',
	'Terraform',
	'CI/CD',
	'DevOps',
	'Git',
	'Linux',
	'PostgreSQL',
	'MySQL',
	'MongoDB',
	'Software Testing',
	'Test Automation',
	'Cybersecurity',
	'Blockchain',
	'Game Development',
	'Embedded Systems',
	// Data and AI
	'Data Analysis',
	'Data Science',
	'Data Engineering',
	'Data Visualization',
	'Machine Learning',
	'Deep Learning',
	'Artificial Intelligence',
	'Natural Language Processing',
	'Computer Vision',
	'Prompt Engineering',
	'TensorFlow',
	'PyTorch',
	'R',
	'Statistics',
	'Apache Spark',
	'Big Data',
	'Tableau',
	'Power BI',
	'Microsoft Excel',
	'Business Intelligence',
	// Design
	'UI Design',
	'UX Design',
	'User Research',
	'Interaction Design',
	'Wireframing',
	'Prototyping',
	'Design Systems',
	'Accessibility',
	'Figma',
	'Adobe Photoshop',
	'Adobe Illustrator',
	'Adobe InDesign',
	'Adobe After Effects',
	'Adobe Premiere Pro',
	'Graphic Design',
	'Brand Identity',
	'Typography',
	'Illustration',
	'Motion Graphics',
	'3D Modeling',
	'Video Editing',
	'Photography',
	// Marketing
	'SEO',
	'SEM',
	'Digital Marketing',
	'Content Marketing',
	'Social Media Marketing',
	'Email Marketing',
	'Growth Marketing',
	'Influencer Marketing',
	'Marketing Automation',
	'Conversion Rate Optimization',
	'Google Analytics',
	'Google Ads',
	'Copywriting',
	'Content Writing',
	'Brand Strategy',
	'Public Relations',
	'Market Research',
	'Community Management',
	// Product
	'Product Management',
	'Product Strategy',
	'Product Analytics',
	'Roadmapping',
	'Agile',
	'Scrum',
	'A/B Testing',
	'Requirements Gathering',
	'Jira',
	// Business
	'Project Management',
	'Business Analysis',
	'Business Development',
	'Sales',
	'Account Management',
	'Customer Success',
	'Financial Analysis',
	'Financial Modeling',
	'Accounting',
	'Operations Management',
	'Supply Chain Management',
	'Strategic Planning',
	'Risk Management',
	'Entrepreneurship',
	'Salesforce',
	'Recruiting',
	// Soft skills
	'Leadership',
	'Communication',
	'Teamwork',
	'Problem Solving',
	'Critical Thinking',
	'Time Management',
	'Public Speaking',
	'Negotiation',
	'Mentoring',
	'Stakeholder Management',
	'Adaptability',
	'Creativity',
	'Technical Writing',
] as const satisfies readonly string[]

/** One of {@link SKILLS}. */
export type Skill = (typeof SKILLS)[number]

/** Project categories a portfolio entry may carry (exactly 52). */
export const PROJECT_CATEGORIES = [
	'UI/UX Design',
	'Web Development',
	'Web Design',
	'Mobile App Development',
	'Frontend Development',
	'Backend Development',
	'Full-Stack Development',
	'Software Development',
	'API Development',
	'E-commerce Development',
	'Game Development',
	'Cloud & DevOps',
	'Cybersecurity',
	'Data Analysis',
	'Data Science',
	'Machine Learning & AI',
	'Business Intelligence',
	'Blockchain & Web3',
	'AR/VR',
	'Internet of Things',
	'Embedded Systems',
	'Product Design',
	'Product Management',
	'User Research',
	'Graphic Design',
	'Branding & Identity',
	'Logo Design',
	'Print Design',
	'Packaging Design',
	'Illustration',
	'Animation',
	'Motion Graphics',
	'3D Modeling & Rendering',
	'Video Production',
	'Photography',
	'Music & Audio Production',
	'Industrial Design',
	'Interior Design',
	'Architecture',
	'Fashion Design',
	'Digital Marketing',
	'Social Media Marketing',
	'Content Marketing',
	'SEO & SEM',
	'Email Marketing',
	'Copywriting',
	'Content Writing',
	'Technical Writing',
	'Market Research',
	'Public Relations',
	'Event Management',
	'Consulting',
] as const satisfies readonly string[]

/** One of {@link PROJECT_CATEGORIES}. */
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number]

/** Industries a portfolio entry may name (exactly 51). */
export const INDUSTRIES = [
	'Advertising & Marketing',
	'Aerospace & Defense',
	'Agriculture',
	'Architecture & Construction',
	'Arts & Culture',
	'Automotive',
	'Banking',
	'Beauty & Cosmetics',
	'Biotechnology',
	'Chemicals',
	'Consulting',
	'Consumer Goods',
	'Cybersecurity',
	'E-commerce',
	'Education',
	'EdTech',
	'Energy & Utilities',
	'Entertainment',
	'Environmental Services',
	'Fashion & Apparel',
	'Financial Services',
	'FinTech',
	'Food & Beverage',
	'Gaming',
	'Government & Public Sector',
	'Healthcare',
	'Hospitality',
	'Human Resources',
	'Information Technology',
	'Insurance',
	'Legal Services',
	'Logistics & Supply Chain',
	'Manufacturing',
	'Media & Publishing',
	'Mining & Metals',
	'Music',
	'Nonprofit',
	'Oil & Gas',
	'Pharmaceuticals',
	'Real Estate',
	'Renewable Energy',
	'Retail',
	'Robotics',
	'SaaS',
	'Sports & Fitness',
	'Telecommunications',
	'Transportation',
	'Travel & Tourism',
	'Venture Capital & Private Equity',
	'Wellness',
	'Other',
] as const satisfies readonly string[]

/** One of {@link INDUSTRIES}. */
export type Industry = (typeof INDUSTRIES)[number]

/**
 * The entries that read differently in another language, declared for the catalogs with their
 * list as context, so that {@link optionLabel} finds them. Proper names (JavaScript, React, Figma,
 * Photoshop, …) read the same in every language and have none. The lists above stay the stored
 * keys; these only name them.
 */
export const OPTION_MESSAGES: readonly Descriptor[] = [
	// skills
	msg({ message: 'iOS Development', context: 'skill' }),
	msg({ message: 'Android Development', context: 'skill' }),
	msg({ message: 'REST APIs', context: 'skill' }),
	msg({ message: 'Microservices', context: 'skill' }),
	msg({ message: 'System Design', context: 'skill' }),
	msg({ message: 'Software Testing', context: 'skill' }),
	msg({ message: 'Test Automation', context: 'skill' }),
	msg({ message: 'Cybersecurity', context: 'skill' }),
	msg({ message: 'Blockchain', context: 'skill' }),
	msg({ message: 'Game Development', context: 'skill' }),
	msg({ message: 'Embedded Systems', context: 'skill' }),
	msg({ message: 'Data Analysis', context: 'skill' }),
	msg({ message: 'Data Science', context: 'skill' }),
	msg({ message: 'Data Engineering', context: 'skill' }),
	msg({ message: 'Data Visualization', context: 'skill' }),
	msg({ message: 'Machine Learning', context: 'skill' }),
	msg({ message: 'Deep Learning', context: 'skill' }),
	msg({ message: 'Artificial Intelligence', context: 'skill' }),
	msg({ message: 'Natural Language Processing', context: 'skill' }),
	msg({ message: 'Computer Vision', context: 'skill' }),
	msg({ message: 'Prompt Engineering', context: 'skill' }),
	msg({ message: 'Statistics', context: 'skill' }),
	msg({ message: 'Big Data', context: 'skill' }),
	msg({ message: 'Business Intelligence', context: 'skill' }),
	msg({ message: 'UI Design', context: 'skill' }),
	msg({ message: 'UX Design', context: 'skill' }),
	msg({ message: 'User Research', context: 'skill' }),
	msg({ message: 'Interaction Design', context: 'skill' }),
	msg({ message: 'Wireframing', context: 'skill' }),
	msg({ message: 'Prototyping', context: 'skill' }),
	msg({ message: 'Design Systems', context: 'skill' }),
	msg({ message: 'Accessibility', context: 'skill' }),
	msg({ message: 'Graphic Design', context: 'skill' }),
	msg({ message: 'Brand Identity', context: 'skill' }),
	msg({ message: 'Typography', context: 'skill' }),
	msg({ message: 'Illustration', context: 'skill' }),
	msg({ message: 'Motion Graphics', context: 'skill' }),
	msg({ message: '3D Modeling', context: 'skill' }),
	msg({ message: 'Video Editing', context: 'skill' }),
	msg({ message: 'Photography', context: 'skill' }),
	msg({ message: 'SEO', context: 'skill' }),
	msg({ message: 'SEM', context: 'skill' }),
	msg({ message: 'Digital Marketing', context: 'skill' }),
	msg({ message: 'Content Marketing', context: 'skill' }),
	msg({ message: 'Social Media Marketing', context: 'skill' }),
	msg({ message: 'Email Marketing', context: 'skill' }),
	msg({ message: 'Growth Marketing', context: 'skill' }),
	msg({ message: 'Influencer Marketing', context: 'skill' }),
	msg({ message: 'Marketing Automation', context: 'skill' }),
	msg({ message: 'Conversion Rate Optimization', context: 'skill' }),
	msg({ message: 'Copywriting', context: 'skill' }),
	msg({ message: 'Content Writing', context: 'skill' }),
	msg({ message: 'Brand Strategy', context: 'skill' }),
	msg({ message: 'Public Relations', context: 'skill' }),
	msg({ message: 'Market Research', context: 'skill' }),
	msg({ message: 'Community Management', context: 'skill' }),
	msg({ message: 'Product Management', context: 'skill' }),
	msg({ message: 'Product Strategy', context: 'skill' }),
	msg({ message: 'Product Analytics', context: 'skill' }),
	msg({ message: 'Roadmapping', context: 'skill' }),
	msg({ message: 'Agile', context: 'skill' }),
	msg({ message: 'A/B Testing', context: 'skill' }),
	msg({ message: 'Requirements Gathering', context: 'skill' }),
	msg({ message: 'Project Management', context: 'skill' }),
	msg({ message: 'Business Analysis', context: 'skill' }),
	msg({ message: 'Business Development', context: 'skill' }),
	msg({ message: 'Sales', context: 'skill' }),
	msg({ message: 'Account Management', context: 'skill' }),
	msg({ message: 'Customer Success', context: 'skill' }),
	msg({ message: 'Financial Analysis', context: 'skill' }),
	msg({ message: 'Financial Modeling', context: 'skill' }),
	msg({ message: 'Accounting', context: 'skill' }),
	msg({ message: 'Operations Management', context: 'skill' }),
	msg({ message: 'Supply Chain Management', context: 'skill' }),
	msg({ message: 'Strategic Planning', context: 'skill' }),
	msg({ message: 'Risk Management', context: 'skill' }),
	msg({ message: 'Entrepreneurship', context: 'skill' }),
	msg({ message: 'Recruiting', context: 'skill' }),
	msg({ message: 'Leadership', context: 'skill' }),
	msg({ message: 'Communication', context: 'skill' }),
	msg({ message: 'Teamwork', context: 'skill' }),
	msg({ message: 'Problem Solving', context: 'skill' }),
	msg({ message: 'Critical Thinking', context: 'skill' }),
	msg({ message: 'Time Management', context: 'skill' }),
	msg({ message: 'Public Speaking', context: 'skill' }),
	msg({ message: 'Negotiation', context: 'skill' }),
	msg({ message: 'Mentoring', context: 'skill' }),
	msg({ message: 'Stakeholder Management', context: 'skill' }),
	msg({ message: 'Adaptability', context: 'skill' }),
	msg({ message: 'Creativity', context: 'skill' }),
	msg({ message: 'Technical Writing', context: 'skill' }),
	// project categories
	msg({ message: 'UI/UX Design', context: 'category' }),
	msg({ message: 'Web Development', context: 'category' }),
	msg({ message: 'Web Design', context: 'category' }),
	msg({ message: 'Mobile App Development', context: 'category' }),
	msg({ message: 'Frontend Development', context: 'category' }),
	msg({ message: 'Backend Development', context: 'category' }),
	msg({ message: 'Full-Stack Development', context: 'category' }),
	msg({ message: 'Software Development', context: 'category' }),
	msg({ message: 'API Development', context: 'category' }),
	msg({ message: 'E-commerce Development', context: 'category' }),
	msg({ message: 'Game Development', context: 'category' }),
	msg({ message: 'Cloud & DevOps', context: 'category' }),
	msg({ message: 'Cybersecurity', context: 'category' }),
	msg({ message: 'Data Analysis', context: 'category' }),
	msg({ message: 'Data Science', context: 'category' }),
	msg({ message: 'Machine Learning & AI', context: 'category' }),
	msg({ message: 'Business Intelligence', context: 'category' }),
	msg({ message: 'Blockchain & Web3', context: 'category' }),
	msg({ message: 'AR/VR', context: 'category' }),
	msg({ message: 'Internet of Things', context: 'category' }),
	msg({ message: 'Embedded Systems', context: 'category' }),
	msg({ message: 'Product Design', context: 'category' }),
	msg({ message: 'Product Management', context: 'category' }),
	msg({ message: 'User Research', context: 'category' }),
	msg({ message: 'Graphic Design', context: 'category' }),
	msg({ message: 'Branding & Identity', context: 'category' }),
	msg({ message: 'Logo Design', context: 'category' }),
	msg({ message: 'Print Design', context: 'category' }),
	msg({ message: 'Packaging Design', context: 'category' }),
	msg({ message: 'Illustration', context: 'category' }),
	msg({ message: 'Animation', context: 'category' }),
	msg({ message: 'Motion Graphics', context: 'category' }),
	msg({ message: '3D Modeling & Rendering', context: 'category' }),
	msg({ message: 'Video Production', context: 'category' }),
	msg({ message: 'Photography', context: 'category' }),
	msg({ message: 'Music & Audio Production', context: 'category' }),
	msg({ message: 'Industrial Design', context: 'category' }),
	msg({ message: 'Interior Design', context: 'category' }),
	msg({ message: 'Architecture', context: 'category' }),
	msg({ message: 'Fashion Design', context: 'category' }),
	msg({ message: 'Digital Marketing', context: 'category' }),
	msg({ message: 'Social Media Marketing', context: 'category' }),
	msg({ message: 'Content Marketing', context: 'category' }),
	msg({ message: 'SEO & SEM', context: 'category' }),
	msg({ message: 'Email Marketing', context: 'category' }),
	msg({ message: 'Copywriting', context: 'category' }),
	msg({ message: 'Content Writing', context: 'category' }),
	msg({ message: 'Technical Writing', context: 'category' }),
	msg({ message: 'Market Research', context: 'category' }),
	msg({ message: 'Public Relations', context: 'category' }),
	msg({ message: 'Event Management', context: 'category' }),
	msg({ message: 'Consulting', context: 'category' }),
	// industries
	msg({ message: 'Advertising & Marketing', context: 'industry' }),
	msg({ message: 'Aerospace & Defense', context: 'industry' }),
	msg({ message: 'Agriculture', context: 'industry' }),
	msg({ message: 'Architecture & Construction', context: 'industry' }),
	msg({ message: 'Arts & Culture', context: 'industry' }),
	msg({ message: 'Automotive', context: 'industry' }),
	msg({ message: 'Banking', context: 'industry' }),
	msg({ message: 'Beauty & Cosmetics', context: 'industry' }),
	msg({ message: 'Biotechnology', context: 'industry' }),
	msg({ message: 'Chemicals', context: 'industry' }),
	msg({ message: 'Consulting', context: 'industry' }),
	msg({ message: 'Consumer Goods', context: 'industry' }),
	msg({ message: 'Cybersecurity', context: 'industry' }),
	msg({ message: 'E-commerce', context: 'industry' }),
	msg({ message: 'Education', context: 'industry' }),
	msg({ message: 'EdTech', context: 'industry' }),
	msg({ message: 'Energy & Utilities', context: 'industry' }),
	msg({ message: 'Entertainment', context: 'industry' }),
	msg({ message: 'Environmental Services', context: 'industry' }),
	msg({ message: 'Fashion & Apparel', context: 'industry' }),
	msg({ message: 'Financial Services', context: 'industry' }),
	msg({ message: 'FinTech', context: 'industry' }),
	msg({ message: 'Food & Beverage', context: 'industry' }),
	msg({ message: 'Gaming', context: 'industry' }),
	msg({ message: 'Government & Public Sector', context: 'industry' }),
	msg({ message: 'Healthcare', context: 'industry' }),
	msg({ message: 'Hospitality', context: 'industry' }),
	msg({ message: 'Human Resources', context: 'industry' }),
	msg({ message: 'Information Technology', context: 'industry' }),
	msg({ message: 'Insurance', context: 'industry' }),
	msg({ message: 'Legal Services', context: 'industry' }),
	msg({ message: 'Logistics & Supply Chain', context: 'industry' }),
	msg({ message: 'Manufacturing', context: 'industry' }),
	msg({ message: 'Media & Publishing', context: 'industry' }),
	msg({ message: 'Mining & Metals', context: 'industry' }),
	msg({ message: 'Music', context: 'industry' }),
	msg({ message: 'Nonprofit', context: 'industry' }),
	msg({ message: 'Oil & Gas', context: 'industry' }),
	msg({ message: 'Pharmaceuticals', context: 'industry' }),
	msg({ message: 'Real Estate', context: 'industry' }),
	msg({ message: 'Renewable Energy', context: 'industry' }),
	msg({ message: 'Retail', context: 'industry' }),
	msg({ message: 'Robotics', context: 'industry' }),
	msg({ message: 'SaaS', context: 'industry' }),
	msg({ message: 'Sports & Fitness', context: 'industry' }),
	msg({ message: 'Telecommunications', context: 'industry' }),
	msg({ message: 'Transportation', context: 'industry' }),
	msg({ message: 'Travel & Tourism', context: 'industry' }),
	msg({ message: 'Venture Capital & Private Equity', context: 'industry' }),
	msg({ message: 'Wellness', context: 'industry' }),
	msg({ message: 'Other', context: 'industry' }),
]

const skillSet: ReadonlySet<string> = new Set(SKILLS)
const categorySet: ReadonlySet<string> = new Set(PROJECT_CATEGORIES)
const industrySet: ReadonlySet<string> = new Set(INDUSTRIES)

/** True when `v` is exactly (case and spacing included) one of {@link SKILLS}. */
export function isSkill(v: string): v is Skill {
	return skillSet.has(v)
}

/** True when `v` is exactly one of {@link PROJECT_CATEGORIES}. */
export function isCategory(v: string): v is ProjectCategory {
	return categorySet.has(v)
}

/** True when `v` is exactly one of {@link INDUSTRIES}. */
export function isIndustry(v: string): v is Industry {
	return industrySet.has(v)
}

/**
 * Cleans a tag picker's choices: trims each, drops empty ones and case-insensitive duplicates,
 * keeping the first-seen order. When `allowed` is given, choices not in it (compared
 * case-insensitively) are dropped and kept ones take the list's own spelling, so
 * `uniqueChoices(['python'], SKILLS)` gives `['Python']`.
 */
export function uniqueChoices(values: readonly string[], allowed?: readonly string[]): string[] {
	const canonical = allowed ? new Map<string, string>() : undefined
	if (allowed && canonical) {
		for (const a of allowed) {
			const key = a.trim().toLowerCase()
			if (key && !canonical.has(key)) canonical.set(key, a)
		}
	}
	const seen = new Set<string>()
	const out: string[] = []
	for (const raw of values) {
		if (typeof raw !== 'string') continue
		const value = raw.trim()
		const key = value.toLowerCase()
		if (!key || seen.has(key)) continue
		let choice = value
		if (canonical) {
			const match = canonical.get(key)
			if (match === undefined) continue
			choice = match
		}
		seen.add(key)
		out.push(choice)
	}
	return out
}

/** The longest word of the owner's own in a skill, category or industry list. */
export const OWN_CHOICE_MAX = 60

/**
 * The most entries in a project's industries, categories or skills (a resume's skills keep the
 * resume's own cap of entries per list).
 */
export const TAGS_MAX = 60

/** True when `v` is exactly one of the fixed lists' entries or a word of the owner's own. */
export function isChoiceOrOwn(v: string): boolean {
	const value = v.trim()
	return value === v && value !== '' && value.length <= OWN_CHOICE_MAX
}

/**
 * The owner's choices over a fixed list that also takes their own words: trimmed, empty ones and
 * case-insensitive duplicates dropped (first-seen order). An entry of `suggestions` takes the
 * list's own spelling (its key); any other word is kept as typed. Length is not checked here.
 */
export function choicesWithOwn(values: readonly string[], suggestions: readonly string[]) {
	const canonical = new Map(suggestions.map((choice) => [choice.toLowerCase(), choice]))
	return uniqueChoices(values.map((raw) => {
		if (typeof raw !== 'string') return raw
		return canonical.get(raw.trim().toLowerCase()) ?? raw
	}))
}
