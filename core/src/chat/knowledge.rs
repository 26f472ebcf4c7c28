//! A small curated knowledge base for the chat's career advice and for common
//! questions about JobTap itself. Answers are markdown.
//!
//! ## Why curated
//! The built-in engine runs offline and must never make things up: every
//! answer here was written and reviewed by people, and each says what to do
//! next in JobTap where that helps.

/// Who a topic is mainly for (both roles may read every topic).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    Candidate,
    Employer,
    Everyone,
}

/// One entry: the words that point to it and its answer.
#[derive(Debug)]
pub struct Topic {
    pub id: &'static str,
    pub title: &'static str,
    pub audience: Audience,
    /// Lowercase words or phrases; a trailing `*` matches any word starting so.
    /// Phrases of several words weigh double.
    pub keywords: &'static [&'static str],
    pub answer: &'static str,
}

/// Topics are one of a kind: equal when their ids are.
impl PartialEq for Topic {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

impl Eq for Topic {}

/// Every topic, career advice first, then questions about JobTap.
pub const TOPICS: &[Topic] = &[
    Topic {
        id: "resume",
        title: "Writing a strong resume",
        audience: Audience::Candidate,
        keywords: &["resume*", "cv", "cvs", "curriculum vitae"],
        answer: "**Writing a strong resume**\n\n\
- Open with a two- or three-line **summary** aimed at the role you want.\n\
- Use standard headings — *Summary, Experience, Education, Skills* — so applicant tracking systems (ATS) can read it.\n\
- Write each job as bullet points that start with an action verb (*built, led, reduced*) and show a result with a number where you can (*cut report time by 40%*).\n\
- List skills you really have in a **Skills** section, using the words job posts use.\n\
- Keep it to one or two pages, in a simple layout, saved as PDF or DOCX.\n\n\
Use **Upgrade Resume** in the feed to see your ATS score and an upgraded version, or ask me to *match my resume*.",
    },
    Topic {
        id: "cover-letter",
        title: "Cover letters",
        audience: Audience::Candidate,
        keywords: &["cover letter*", "motivation letter", "letter", "letters"],
        answer: "**Cover letters that get read**\n\n\
- Name the role and the company in the first line.\n\
- Pick two or three requirements from the posting and show, with facts, how you meet them.\n\
- Keep it under a page and end with a clear, polite request for an interview.\n\
- Never claim skills you do not have: interviewers will ask about them.\n\n\
When you apply with JobTap, a letter is written for you from your profile — it only mentions skills, years and qualifications your profile really holds.",
    },
    Topic {
        id: "interview",
        title: "Preparing for interviews",
        audience: Audience::Candidate,
        keywords: &["interview*", "interviewer*"],
        answer: "**Preparing for interviews**\n\n\
- Research the company: what it sells, to whom, and recent news.\n\
- Prepare short stories with the **STAR** method (*Situation, Task, Action, Result*) for your main achievements and one failure you learned from.\n\
- Practise aloud: keep answers to one or two minutes, look at the camera on video calls, and pause instead of filling silence.\n\
- Prepare two or three questions of your own about the team and how success is measured.\n\
- Send a short thank-you note the same day.\n\n\
Try **Prepare Interview** from the feed to practise on camera and get a report.",
    },
    Topic {
        id: "salary",
        title: "Salary and negotiation",
        audience: Audience::Candidate,
        keywords: &[
            "salary",
            "salaries",
            "pay",
            "paid",
            "negotiat*",
            "offer",
            "offers",
            "raise",
            "wage*",
        ],
        answer: "**Talking about salary**\n\n\
- Know your range before the first call: compare similar postings (JobTap cards show salary ranges) and your current pay.\n\
- Let the employer name a number first when you can; if asked, give a researched range, not a single figure.\n\
- Negotiate the whole offer — salary, benefits, leave, remote days, training budget — and get the final offer in writing.\n\
- Be polite and specific: *\"Based on my five years with PostgreSQL, I was expecting closer to 2,800.\"*",
    },
    Topic {
        id: "career-change",
        title: "Changing careers",
        audience: Audience::Candidate,
        keywords: &[
            "career change",
            "change career*",
            "changing career*",
            "switch*",
            "pivot*",
            "transition*",
            "new field",
            "new industry",
        ],
        answer: "**Changing careers**\n\n\
- List the skills that carry over (communication, analysis, tools you already use) and put them first on your resume.\n\
- Fill the gaps with short, practical courses and a small project you can show.\n\
- Talk to people already in the field: ask what they do daily and which skills matter most.\n\
- Aim for a bridge role that uses your current experience in the new field.\n\n\
Ask me to *find me a job*: the fit score shows which skills each role is missing from your profile.",
    },
    Topic {
        id: "networking",
        title: "Networking and LinkedIn",
        audience: Audience::Everyone,
        keywords: &[
            "network*",
            "linkedin",
            "referral*",
            "connection*",
            "recruiter*",
            "mentor*",
        ],
        answer: "**Networking that works**\n\n\
- Keep your LinkedIn headline specific (*Data Analyst · SQL · Power BI*) and your profile in line with your resume.\n\
- Reach out with a short, specific message; ask for advice, not for a job.\n\
- Ask former colleagues and lecturers for referrals: referred candidates are far more likely to be interviewed.\n\
- Give before you ask — share useful posts, congratulate people, make introductions.",
    },
    Topic {
        id: "skills",
        title: "Building skills",
        audience: Audience::Candidate,
        keywords: &[
            "learn*", "skill*", "course*", "certif*", "upskill*", "study", "studying", "training",
        ],
        answer: "**Building the skills employers ask for**\n\n\
- Look at the skills that come up again and again in roles you want (the fit score lists the ones your profile lacks for each job).\n\
- Learn one at a time, by doing: a small real project teaches more than several courses.\n\
- Prefer recognised certificates when a posting asks for them, and upload them in **My Documents**.\n\
- Add each new skill to your profile so your fit scores and cover letters include it.",
    },
    Topic {
        id: "job-search",
        title: "A job search that works",
        audience: Audience::Candidate,
        keywords: &[
            "job search",
            "job hunt*",
            "find a job",
            "get a job",
            "getting a job",
            "rejected",
            "rejection*",
            "no response",
            "ghost*",
            "motivation",
        ],
        answer: "**Keeping a job search moving**\n\n\
- Apply to roles where your fit score is high rather than to everything: quality beats volume.\n\
- Tailor the first lines of your resume to each role type you target.\n\
- Track where you applied (see **Track Applications**) and follow up politely after a week or two.\n\
- Rejections are normal: read employer feedback when it comes, adjust one thing at a time, and keep a steady weekly routine.",
    },
    Topic {
        id: "graduate",
        title: "First jobs and graduates",
        audience: Audience::Candidate,
        keywords: &[
            "graduate*",
            "first job",
            "entry level",
            "entry-level",
            "internship*",
            "intern",
            "no experience",
            "student*",
            "attachment",
        ],
        answer: "**Landing a first job**\n\n\
- Put education near the top, with your degree class, relevant modules and final-year project.\n\
- Count real experience: internships, attachments, volunteering, society roles and freelance work all show skills.\n\
- Build one or two small projects that use the tools junior postings ask for.\n\
- Look for *junior*, *graduate* and *trainee* titles — their thresholds are usually lower.",
    },
    Topic {
        id: "remote",
        title: "Remote work",
        audience: Audience::Everyone,
        keywords: &[
            "remote",
            "work from home",
            "wfh",
            "hybrid",
            "abroad",
            "relocat*",
        ],
        answer: "**Remote and hybrid roles**\n\n\
- Choose **Remote** among your job types in your preferences.\n\
- Show you work well alone: written communication, clear updates, and results you delivered without supervision.\n\
- Check the time zone and whether the employer can hire in your country before applying.",
    },
    Topic {
        id: "fit-score",
        title: "How the fit score works",
        audience: Audience::Everyone,
        keywords: &[
            "fit score",
            "score",
            "scores",
            "threshold",
            "criteria",
            "shortfall",
            "match rate",
            "meet the criteria",
        ],
        answer: "**How the JobTap fit score works**\n\n\
Four parts, each out of 5, make a total out of 19.6, shown as a percentage:\n\n\
- **Degree** — your degree class against the job's minimum.\n\
- **Skills** — how many of the job's skills your profile lists.\n\
- **University** — your university.\n\
- **Experience** — your years against the years the job asks for.\n\n\
Each employer sets a minimum percentage; you can apply only when your score reaches it. \
If you are refused, the message shows the shortfall. Keeping your profile complete and your skills up to date is the surest way to raise your scores.",
    },
    Topic {
        id: "ats",
        title: "ATS scores",
        audience: Audience::Candidate,
        keywords: &["ats", "ats score*", "applicant tracking", "keyword*"],
        answer: "**What an ATS score means**\n\n\
Applicant tracking systems read resumes before people do. JobTap scores a resume out of 100 on keywords for the role, \
format (readable text, contact details, dates, bullets), standard sections, content (action verbs, numbers) and length. \
Aim for **85 or more**: open **Upgrade Resume** from the feed to see your score, each recommendation, and an upgraded version that keeps every fact.",
    },
    Topic {
        id: "applying",
        title: "Applying with JobTap",
        audience: Audience::Candidate,
        keywords: &[
            "apply",
            "applying",
            "double tap",
            "swipe*",
            "application status",
            "track*",
            "withdraw",
        ],
        answer: "**Applying with JobTap**\n\n\
- In the feed, swipe right for the next job, left to reject, down to copy the link, and **double tap** to apply.\n\
- *Apply with JobTap* checks your fit score and sends a cover letter written from your profile; *Apply via Email* opens your mail app when the employer gave an address.\n\
- Follow every application in **Track Applications**: status, employer feedback and your cover letter.",
    },
    Topic {
        id: "hiring",
        title: "Writing job posts and hiring",
        audience: Audience::Employer,
        keywords: &[
            "job description",
            "job post*",
            "posting*",
            "post a job",
            "hire",
            "hiring",
            "candidate*",
            "applicant*",
            "screen*",
            "shortlist*",
        ],
        answer: "**Job posts that attract the right people**\n\n\
- Use a plain, searchable title (*Backend Developer*, not *Code Ninja*).\n\
- Separate must-have skills from nice-to-haves; long must-have lists put off good candidates.\n\
- Show the salary range and benefits: postings with salaries get more applications.\n\
- Set the minimum talent score to match the role's seniority — the **AI Suggest** button proposes one.\n\
- Review applicants by their fit scores, then read their cover letters and documents before deciding.",
    },
];

/// The topic `text` is most about, if any keyword matches, with its weight
/// (one per word, two per phrase matched).
pub fn find(text: &str) -> Option<(&'static Topic, usize)> {
    let words = words(text);
    let joined = format!(" {} ", words.join(" "));
    TOPICS
        .iter()
        .map(|topic| (topic, weight(topic, &words, &joined)))
        .filter(|(_, w)| *w > 0)
        // `max_by_key` keeps the last of equals; reversing keeps the first listed.
        .rev()
        .max_by_key(|(_, w)| *w)
}

fn weight(topic: &Topic, words: &[String], joined: &str) -> usize {
    topic
        .keywords
        .iter()
        .map(|keyword| {
            let (stem, prefix) = keyword
                .strip_suffix('*')
                .map_or((*keyword, false), |s| (s, true));
            if stem.contains(' ') {
                let hit = if prefix {
                    joined.contains(&format!(" {stem}"))
                } else {
                    joined.contains(&format!(" {stem} "))
                };
                if hit { 2 } else { 0 }
            } else {
                usize::from(words.iter().any(|w| {
                    if prefix {
                        w.starts_with(stem)
                    } else {
                        w == stem
                    }
                }))
            }
        })
        .sum()
}

/// Lowercase words of letters and digits (a hyphen joins, as in "entry-level").
pub fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .map(|w| w.trim_matches('-'))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The titles of the topics for `audience` (and everyone), to list what can be asked.
pub fn titles_for(audience: Audience) -> Vec<&'static str> {
    TOPICS
        .iter()
        .filter(|t| t.audience == audience || t.audience == Audience::Everyone)
        .map(|t| t.title)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn questions_find_their_topic() {
        let id = |q: &str| find(q).map(|(t, _)| t.id);
        assert_eq!(
            id("How should I prepare for my interviews?"),
            Some("interview")
        );
        assert_eq!(id("How do I negotiate my salary offer?"), Some("salary"));
        assert_eq!(id("What is an ATS score?"), Some("ats"));
        assert_eq!(
            id("Why was I refused? I don't meet the criteria"),
            Some("fit-score")
        );
        assert_eq!(id("tips for an entry-level graduate"), Some("graduate"));
        assert_eq!(id("How do I write a good job description?"), Some("hiring"));
        assert_eq!(id("What's the capital of France?"), None);
    }

    #[test]
    fn every_topic_has_words_and_an_answer() {
        for topic in TOPICS {
            assert!(!topic.keywords.is_empty(), "{}", topic.id);
            assert!(topic.answer.starts_with("**"), "{}", topic.id);
            assert!(
                topic.keywords.iter().all(|k| k.to_lowercase() == *k),
                "{}",
                topic.id
            );
        }
    }
}
