//! What a chat question asks: its intent (find jobs, match the resume, advice on a topic of
//! the [`super::knowledge`] base, a greeting …) and, for a job question, the words that name
//! what it looks for. Plain word rules, so the server's assistant answers the same question
//! the same way with or without a remote model.

use super::knowledge::{self, Topic};
use crate::vocabulary::Keyer;

/// What a message asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intent {
    FindJobs,
    MatchResume,
    /// A topic of the knowledge base, or `None` for general career advice.
    Advice(Option<&'static Topic>),
    Greeting,
    Thanks,
    Capabilities,
    Unknown,
}

/// What `message` asks for.
pub fn intent(message: &str) -> Intent {
    let words = knowledge::words(message);
    let has = |list: &[&str]| words.iter().any(|w| list.contains(&w.as_str()));
    let starts = |list: &[&str]| words.iter().any(|w| list.iter().any(|p| w.starts_with(p)));
    let phrase = words.join(" ");
    // The widget's quick prompts, word for word.
    match phrase.as_str() {
        "find me a job" => return Intent::FindJobs,
        "match my resume" => return Intent::MatchResume,
        "career advice" => return Intent::Advice(None),
        _ => {}
    }
    if has(&["resume", "resumes", "cv"])
        && (starts(&[
            "match", "fit", "compar", "analy", "check", "review", "score",
        ]) || has(&["against", "suit"]))
    {
        return Intent::MatchResume;
    }
    let asks_how = has(&["how", "why", "tip", "tips", "advice", "should", "improve"]);
    let job_word = has(&[
        "job",
        "jobs",
        "role",
        "roles",
        "position",
        "positions",
        "vacancy",
        "vacancies",
        "opening",
        "openings",
    ]) || phrase.contains("find work")
        || phrase.contains("find me work");
    let seek_word = has(&[
        "find",
        "search",
        "show",
        "recommend",
        "suggest",
        "list",
        "looking",
        "any",
        "which",
        "best",
        "top",
        "me",
        "match",
        "matching",
        "suit",
        "fit",
    ]);
    let topic = knowledge::find(message);
    // A clear topic ("job description", "job search") wins over the words "job" and "find".
    if let Some((topic, _)) = topic.filter(|(_, weight)| *weight >= 2) {
        return Intent::Advice(Some(topic));
    }
    if job_word && seek_word && !asks_how {
        return Intent::FindJobs;
    }
    if let Some((topic, _)) = topic {
        return Intent::Advice(Some(topic));
    }
    if has(&["advice", "career", "careers", "tips", "tip", "guidance"]) {
        return Intent::Advice(None);
    }
    if words.len() <= 6 && has(&["thanks", "thank", "thx", "cheers", "appreciate"]) {
        return Intent::Thanks;
    }
    if phrase.contains("what can you do")
        || phrase.contains("who are you")
        || phrase.contains("what are you")
        || phrase == "help"
        || phrase.contains("help me")
    {
        return Intent::Capabilities;
    }
    if words.len() <= 4
        && words.first().is_some_and(|w| {
            [
                "hi",
                "hello",
                "hey",
                "hiya",
                "howzit",
                "morning",
                "afternoon",
                "evening",
                "good",
                "greetings",
                "yo",
            ]
            .contains(&w.as_str())
        })
    {
        return Intent::Greeting;
    }
    Intent::Unknown
}

/// Words a job question uses to ask rather than to name what it looks for.
const QUESTION_WORDS: &[&str] = &[
    "a",
    "about",
    "all",
    "an",
    "and",
    "any",
    "anything",
    "are",
    "around",
    "available",
    "best",
    "can",
    "could",
    "do",
    "does",
    "for",
    "find",
    "fit",
    "fits",
    "get",
    "give",
    "good",
    "have",
    "hiring",
    "i",
    "in",
    "is",
    "it",
    "job",
    "jobs",
    "latest",
    "like",
    "list",
    "looking",
    "match",
    "matching",
    "me",
    "my",
    "near",
    "new",
    "now",
    "of",
    "on",
    "open",
    "opening",
    "openings",
    "opportunities",
    "opportunity",
    "or",
    "please",
    "position",
    "positions",
    "recommend",
    "role",
    "roles",
    "search",
    "see",
    "show",
    "some",
    "suggest",
    "suit",
    "suits",
    "that",
    "the",
    "there",
    "these",
    "this",
    "to",
    "today",
    "top",
    "vacancies",
    "vacancy",
    "want",
    "what",
    "where",
    "which",
    "with",
    "work",
    "would",
    "you",
];

/// The words of a job question that name what to look for: "Are there any pharmacist jobs
/// in Harare?" gives `["pharmacist", "Harare"]`; "Find me a job" gives none.
pub fn search_terms(question: &str) -> Vec<String> {
    question
        .split(|c: char| !(c.is_alphanumeric() || c == '+' || c == '#'))
        .filter(|w| !w.is_empty())
        .filter(|w| !QUESTION_WORDS.contains(&w.to_lowercase().as_str()))
        .map(str::to_string)
        .collect()
}

/// Whether every term names something of the job (`texts`: its title, company, place and
/// skills), compared by stem, a term also matching a longer word it starts ("pharmac" of
/// "pharmacy" in "Pharmacist").
pub fn names_job(terms: &[String], texts: &[&str]) -> bool {
    let mut keyer = Keyer::default();
    let mut stems: Vec<String> = Vec::new();
    for text in texts {
        keyer.stems(text, |stem, _| stems.push(stem.to_string()));
    }
    terms.iter().all(|term| {
        let mut wanted = Vec::new();
        keyer.stems(term, |stem, _| wanted.push(stem.to_string()));
        wanted.iter().all(|w| {
            stems.iter().any(|s| {
                // Five letters at least, so "art" never matches "artisan".
                s == w
                    || (w.len() >= 5 && s.starts_with(w.as_str()))
                    || (s.len() >= 5 && w.starts_with(s.as_str()))
            })
        })
    })
}

/// Lowercase words as skill names are split (`+` and `#` belong to words, as in "C#").
pub fn plain_words(text: &str) -> String {
    text.to_lowercase()
        .split(|c: char| !(c.is_alphanumeric() || c == '+' || c == '#'))
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_prompts_and_common_questions_are_understood() {
        assert_eq!(intent("Find me a job"), Intent::FindJobs);
        assert_eq!(intent("Match my resume"), Intent::MatchResume);
        assert_eq!(intent("Career advice"), Intent::Advice(None));
        assert_eq!(intent("Which jobs suit me best?"), Intent::FindJobs);
        assert_eq!(
            intent("how well does my CV fit these roles"),
            Intent::MatchResume
        );
        assert!(matches!(
            intent("How do I find a job after graduating?"),
            Intent::Advice(Some(_))
        ));
        assert!(matches!(
            intent("Any tips for salary negotiation?"),
            Intent::Advice(Some(t)) if t.id == "salary"
        ));
        assert_eq!(intent("hello there"), Intent::Greeting);
        assert_eq!(intent("thanks a lot!"), Intent::Thanks);
        assert_eq!(intent("What can you do?"), Intent::Capabilities);
        assert_eq!(intent("What is the capital of France?"), Intent::Unknown);
    }

    #[test]
    fn a_job_question_names_what_it_looks_for() {
        assert_eq!(
            search_terms("Are there any pharmacist jobs in Harare?"),
            ["pharmacist", "Harare"]
        );
        assert!(search_terms("Find me a job").is_empty());
        assert!(search_terms("Which jobs suit me best?").is_empty());
        let terms = search_terms("any pharmacy jobs in harare");
        let pharmacist = [
            "Hospital Pharmacist",
            "Parirenyatwa",
            "Harare, Zimbabwe",
            "Aseptic compounding",
        ];
        assert!(names_job(&terms, &pharmacist));
        let teacher = [
            "English Teacher",
            "Harare High",
            "Harare, Zimbabwe",
            "Lesson planning",
        ];
        assert!(!names_job(&terms, &teacher));
        let bulawayo = [
            "Hospital Pharmacist",
            "Mpilo",
            "Bulawayo, Zimbabwe",
            "Dispensing",
        ];
        assert!(!names_job(&terms, &bulawayo));
    }
}
